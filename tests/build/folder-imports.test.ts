import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

/**
 * No two folders of the app import each other, however far round: a folder that reaches back to
 * itself cannot be read, moved or tested without the others. A folder is a feature
 * (`src/server/features/sessions`), another folder of a layer (`src/server/lib`, one of
 * `src/client/components/*`), a layer's own files (`src/server/`), or `src/shared`. Imports of
 * types only are left out: they cost nothing at run time, and the request's types
 * (src/server/context.ts) name a few features' types on purpose.
 */
const SRC = resolve(import.meta.dirname, '../../src')

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      yield path
  }
}

function folderOf(file: string): string {
  const [layer, first, second] = relative(SRC, file).split(sep)
  if (layer === 'shared' || !second) return layer === 'shared' ? 'shared' : `${layer}/`
  return first === 'features' || first === 'components' ? `${layer}/${first}/${second}` : `${layer}/${first}`
}

/** The files a source file imports at run time (static, re-exported and dynamic), as paths. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const specs: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const typesOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly))
      if (!typesOnly) specs.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specs.push(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specs.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specs.flatMap((spec) => {
    const alias = /^#(client|server|shared)\/(.+)$/.exec(spec)
    if (alias) return [join(SRC, alias[1] as string, alias[2] as string)]
    return spec.startsWith('.') ? [resolve(dirname(file), spec)] : []
  })
}

/** Every loop in the folder graph, each as the path that closes it (a → b → a). */
function loops(edges: Map<string, Set<string>>): string[] {
  const found: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const walk = (folder: string, path: string[]): void => {
    state.set(folder, 'open')
    for (const next of edges.get(folder) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), folder, next].join(' → '))
      else if (!state.has(next)) walk(next, [...path, folder])
    }
    state.set(folder, 'done')
  }
  for (const folder of edges.keys()) if (!state.has(folder)) walk(folder, [])
  return found
}

test('no folder of the app imports, at run time, a folder that imports it back', () => {
  const edges = new Map<string, Set<string>>()
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file)
    for (const target of runtimeImports(file)) {
      const to = folderOf(target)
      if (to !== from) edges.set(from, new Set([...(edges.get(from) ?? []), to]))
    }
  }
  expect(edges.get('server/features/sessions')).toContain('server/features/plans')
  expect(loops(edges)).toEqual([])
})
