import { readdirSync } from 'node:fs'
import path from 'node:path'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import checkFile from 'eslint-plugin-check-file'
import { importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Feature boundaries (docs/decisions/014-code-hygiene-tools.md). A feature imports another feature
// only through that feature's public surface; the composition layers (client/app, the server's
// app.ts, server.ts, context.ts and cli/) may import anything. Every feature folder is covered,
// new ones included: an import this rejects means either composing in the app layer, moving the
// shared piece down (client/lib, server/access, shared/), or widening a surface below on purpose.
const publicSurface = {
  // On the client: everything in api/ (query options, calls, mutation hooks), plus these files.
  client: {
    everyFeature: ['api/**'],
    auth: ['auth-context.tsx'],
    chat: ['components/unread-messages.tsx'],
    movements: ['components/movement-guide.tsx', 'components/movement-picker.tsx', 'recent-movements.ts'],
    plans: [
      'components/exercise-cues.tsx',
      'components/training-days-picker.tsx',
      'plan-dates.ts',
      'prescription-format.ts',
    ],
    progress: ['components/chart-figure.tsx', 'components/progress-view.tsx'],
    sessions: ['components/session-list.tsx'],
  },
  // On the server: another feature's services, never its routes or tables' queries, plus these.
  server: {
    everyFeature: ['*.service.ts'],
    // The unread-messages email also carries the notifications that reached no device.
    chat: ['chat.digest.ts'],
    mail: ['mailer.ts', 'templates.ts'],
    workouts: ['workout-access.ts'],
  },
}

function featureZones(layer) {
  const root = path.join(import.meta.dirname, 'src', layer, 'features')
  const features = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  const surface = publicSurface[layer]
  return features.map((feature) => {
    const files = [...surface.everyFeature, ...(surface[feature] ?? [])]
    return {
      target: features.filter((other) => other !== feature).map((other) => `./src/${layer}/features/${other}`),
      from: [`./src/${layer}/features/${feature}/**`],
      // import-x wants the exceptions of a glob zone as absolute globs: one brace pattern per feature.
      except: [path.join(root, feature, files.length > 1 ? `{${files.join(',')}}` : files[0])],
      message: `Another feature may import ${feature} only through its public surface (${files.join(', ')}), listed in eslint.config.js.`,
    }
  })
}

// Import paths (docs/decisions/001-stack-and-layout.md): inside one area a relative path, to
// another area the package.json alias (#client/*, #server/*, #shared/*). An area is a feature
// folder, another folder of a layer (lib/, db/, app/...; each of client/components/* on its own),
// the files at a layer's root, or all of shared/. Fixable: eslint --fix rewrites either way.
const srcRoot = path.join(import.meta.dirname, 'src')

function areaOf(file) {
  const parts = path.relative(srcRoot, file).split(path.sep)
  if (parts[0] === '..' || parts.length < 2) return null
  const [layer, first, second] = parts
  if (layer === 'shared') return 'shared'
  if (parts.length === 2) return `${layer}/`
  return first === 'features' || first === 'components' ? `${layer}/${first}/${second}` : `${layer}/${first}`
}

const importPaths = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    schema: [],
    messages: { alias: 'Another area: import it as {{alias}}', relative: 'The same area: import it as {{relative}}' },
  },
  create(context) {
    const file = context.physicalFilename
    const area = areaOf(file)
    function check(source) {
      if (!area || typeof source?.value !== 'string') return
      const spec = source.value
      const alias = /^#(client|server|shared)\/(.+)$/.exec(spec)
      if (!alias && !spec.startsWith('.')) return
      const target = alias ? path.join(srcRoot, alias[1], alias[2]) : path.resolve(path.dirname(file), spec)
      const targetArea = areaOf(target)
      if (!targetArea) return
      const quote = source.raw[0]
      if (!alias && targetArea !== area) {
        const name = `#${path.relative(srcRoot, target).split(path.sep).join('/')}`
        context.report({
          node: source,
          messageId: 'alias',
          data: { alias: name },
          fix: (fixer) => fixer.replaceText(source, quote + name + quote),
        })
      } else if (alias && targetArea === area) {
        const relative = path.relative(path.dirname(file), target).split(path.sep).join('/')
        const name = relative.startsWith('.') ? relative : `./${relative}`
        context.report({
          node: source,
          messageId: 'relative',
          data: { relative: name },
          fix: (fixer) => fixer.replaceText(source, quote + name + quote),
        })
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'drizzle/',
      // Swagger UI's published files, copied as they are by scripts/vendor-swagger-ui.mjs.
      'public/api-docs/swagger-ui/',
    ],
  },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile, coachline: { rules: { 'import-paths': importPaths } } },
    rules: {
      'coachline/import-paths': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { 'src/**/*.{ts,tsx}': 'KEBAB_CASE', 'tests/**/*.ts': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
      // The layer boundaries (docs/decisions/001-stack-and-layout.md): shared imports nothing of ours but shared; the client
      // never imports the server; the server never imports the client. Then the feature boundaries above.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: ['./src/client', './src/server'], message: 'shared/ must stay isomorphic' },
            { target: './src/client', from: './src/server', message: 'the client talks to the server over HTTP only' },
            { target: './src/server', from: './src/client', message: 'the server never imports client code' },
            {
              target: ['./src/client/components', './src/client/lib'],
              from: './src/client/features',
              message: 'components/ and lib/ sit below the features',
            },
            {
              target: ['./src/server/lib', './src/server/access', './src/server/db', './src/server/prescriptions'],
              from: './src/server/features',
              message: 'lib/, access/, db/ and prescriptions/ sit below the features',
            },
            ...featureZones('client'),
            ...featureZones('server'),
          ],
        },
      ],
    },
    settings: {
      // Without these, import-x parses no .ts/.tsx dependency, and no-cycle and the zones see nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.client.json', 'tsconfig.server.json', 'tsconfig.tooling.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  // No regular expression can stall the event loop (the server's, or a tab's): none of the app's may
  // backtrack in super-linear time, or take super-linear time over the start positions a search tries
  // (/\s*$/ on a long run of spaces). A pattern built from text at run time cannot be checked, so
  // the app builds none. Test files are left out: their patterns only match text the tests make.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': ['error', { ignoreSticky: false, ignorePartial: false }],
      'no-restricted-syntax': [
        'error',
        {
          selector: ':matches(NewExpression, CallExpression)[callee.name="RegExp"]:not([arguments.0.type="Literal"])',
          message:
            'A regular expression built at run time cannot be checked for catastrophic backtracking: write it as a literal.',
        },
        {
          selector:
            ':matches(NewExpression, CallExpression)[callee.name="RegExp"][arguments.length>1]:not([arguments.1.type="Literal"])',
          message: 'Flags chosen at run time change what a regular expression does: write them as a literal.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(match|matchAll|search)$/]:matches([arguments.0.type="Literal"]:not([arguments.0.regex]), [arguments.0.type="TemplateLiteral"])',
          message:
            'A string here is made into a regular expression the ReDoS rules do not see: write it as a /literal/.',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
)
