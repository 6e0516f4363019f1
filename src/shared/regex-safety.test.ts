import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkSync, type Diagnostics } from 'recheck'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/**
 * Every regular expression the app's code is written with, checked for catastrophic
 * backtracking: one that takes super-linear time on some input holds the single event loop of
 * the server (or the user's tab) for as long as a long enough text makes it.
 *
 * Test files are left out: their patterns only ever match text the tests make themselves.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url))
const ROOT = join(SRC, '..')

type Found = { where: string; source: string; flags: string } | { where: string; dynamic: string }

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path
  }
}

/** String methods that turn a string argument into a regular expression. */
const STRING_AS_PATTERN = new Set(['match', 'matchAll', 'search'])

function regexesIn(path: string): Found[] {
  const text = readFileSync(path, 'utf8')
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Found[] = []
  const where = (node: ts.Node) => `${relative(ROOT, path)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`
  const literalText = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined)

  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(file)
      const end = literal.lastIndexOf('/')
      found.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) })
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const [patternArg, flagsArg] = node.arguments ?? []
      const source = literalText(patternArg)
      const flags = flagsArg === undefined ? '' : literalText(flagsArg)
      // A pattern built at run time cannot be checked here, and may come from outside.
      if (source === undefined || flags === undefined) found.push({ where: where(node), dynamic: node.getText(file) })
      else found.push({ where: where(node), source, flags })
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      STRING_AS_PATTERN.has(node.expression.name.text) &&
      literalText(node.arguments[0]) !== undefined
    ) {
      found.push({ where: where(node), source: literalText(node.arguments[0]) ?? '', flags: '' })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/**
 * The automaton checker decides from the pattern's structure alone: an exact answer, the same on
 * every run. Patterns it cannot model (back-references, look-arounds) fall back to recheck's fuzzer.
 */
function diagnose(source: string, flags: string): Diagnostics {
  const exact = checkSync(source, flags, { checker: 'automaton' })
  return exact.status === 'unknown' ? checkSync(source, flags) : exact
}

function problemOf(diagnostics: Diagnostics): string | null {
  if (diagnostics.status === 'safe') return null
  if (diagnostics.status === 'vulnerable') return `${diagnostics.complexity.summary}, e.g. ${JSON.stringify(diagnostics.attack.pattern)}`
  const error = diagnostics.error
  return `could not be checked (${error.kind}${'message' in error ? `: ${error.message}` : ''})`
}

describe('regular expressions', () => {
  const found = [...sourceFiles(SRC)].flatMap(regexesIn)

  test('the scan finds the app’s patterns', () => {
    expect(found.length).toBeGreaterThan(20)
    expect(found).toContainEqual(expect.objectContaining({ where: expect.stringMatching(/^src\/shared\/schemas\/auth\.ts:\d+$/) }))
  })

  test('none backtracks in super-linear time, and none is built from text at run time', () => {
    const problems = found.flatMap((regex) => {
      if ('dynamic' in regex) return [`${regex.where} ${regex.dynamic}: built at run time, cannot be checked`]
      const problem = problemOf(diagnose(regex.source, regex.flags))
      return problem ? [`${regex.where} /${regex.source}/${regex.flags}: ${problem}`] : []
    })
    expect(problems).toEqual([])
  })
})
