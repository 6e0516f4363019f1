// Every relative link in the README and docs/ leads somewhere: the file or folder exists, and an
// anchor (#a-heading) names a heading of the linked Markdown file, slugged as GitHub slugs it.
// Source comments that point into docs/ (a path into docs/ with an anchor) are held to the same rule.
// Links to other sites are not followed: the check runs offline and must not fail with the network.
// The decisions in docs/decisions are numbered without a gap and each says its date and status.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import GithubSlugger from 'github-slugger'
import { marked } from 'marked'

const root = resolve(import.meta.dirname, '..')

/** Folders that hold no source or docs of ours: dependencies, builds, test output, the data folder. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report', 'coverage'])

function* files(dir, test) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory() && !SKIPPED.has(entry.name)) yield* files(path, test)
    else if (entry.isFile() && test(entry.name)) yield path
  }
}

/** A heading's text as GitHub reads it for the slug: inline code and links by their text alone. */
const plain = (tokens) =>
  tokens.map((token) => (token.tokens ? plain(token.tokens) : token.type === 'html' ? '' : (token.text ?? ''))).join('')

const anchorsOf = new Map()
/** The anchors a Markdown file's headings make (a repeated heading gets -1, -2, ...). */
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const slugger = new GithubSlugger()
    const found = new Set()
    marked.walkTokens(marked.lexer(readFileSync(file, 'utf8')), (token) => {
      if (token.type === 'heading') found.add(slugger.slug(plain(token.tokens)))
    })
    anchorsOf.set(file, found)
  }
  return anchorsOf.get(file)
}

/** What is wrong with a link from `from` (a file) to `target`, or null. */
function problem(from, target) {
  if (/^[a-z][a-z+.-]*:/i.test(target)) return null
  const [path, anchor] = target.split('#', 2)
  const file = path ? resolve(dirname(from), decodeURIComponent(path)) : from
  if (!existsSync(file)) return `no such file: ${relative(root, file)}`
  if (anchor === undefined || !anchor) return null
  if (!file.endsWith('.md') || statSync(file).isDirectory()) return null
  return anchors(file).has(decodeURIComponent(anchor)) ? null : `no heading makes #${anchor} in ${relative(root, file)}`
}

const broken = []
const docs = [join(root, 'README.md'), ...files(join(root, 'docs'), (name) => name.endsWith('.md'))]
for (const doc of docs) {
  const tokens = marked.lexer(readFileSync(doc, 'utf8'))
  const check = (href) => {
    const why = problem(doc, href)
    if (why) broken.push(`${relative(root, doc)}: (${href}) ${why}`)
  }
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'link' || token.type === 'image') check(token.href)
  })
}

const DOC_REFERENCE = /\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g
for (const file of files(root, (name) => /\.(ts|tsx|mjs|js|css)$/.test(name))) {
  const rel = relative(root, file)
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(DOC_REFERENCE)) {
    const why = problem(join(root, 'README.md'), match[0])
    if (why) broken.push(`${rel}:${text.slice(0, match.index).split('\n').length}: (${match[0]}) ${why}`)
  }
}

// The decisions: numbered 001, 002, ... with none missing, each with its date and status under the title.
const decisions = readdirSync(join(root, 'docs', 'decisions'))
  .filter((name) => name.endsWith('.md'))
  .sort()
for (const [i, name] of decisions.entries()) {
  const number = String(i + 1).padStart(3, '0')
  if (!name.startsWith(`${number}-`)) {
    broken.push(`docs/decisions: decision ${number} is missing (next is ${name})`)
    break
  }
  const [title, , status] = readFileSync(join(root, 'docs', 'decisions', name), 'utf8').split('\n')
  if (!title?.startsWith(`# ${number}: `)) broken.push(`docs/decisions/${name}: the title should start "# ${number}: "`)
  if (!/^Date: \d{4}-\d{2}-\d{2} · Status: \S/.test(status ?? ''))
    broken.push(`docs/decisions/${name}: the third line should be "Date: YYYY-MM-DD · Status: ..."`)
}

if (broken.length) {
  console.error(
    `${broken.length} problem${broken.length === 1 ? '' : 's'} in the docs:\n${broken.map((line) => `  ${line}`).join('\n')}`,
  )
  process.exit(1)
}
console.log(
  `docs: the links of ${docs.length} Markdown files and the source's references to them resolve; ${decisions.length} decisions in sequence`,
)
