/**
 * How the lazily loaded code is cut into files (docs/first-paint.md#chunks). Left to itself the
 * bundler gives every set of modules shared by a different set of screens its own chunk: /home
 * came to 46 files, most of them 1-3 KB, and a phone on HTTP/1.1 fetches six at a time. Here a
 * module goes into one chunk per family of screens that use it, and the two screens a lifter opens
 * in the gym, home and a live session, load only what they use:
 *
 * - `signed-in-kit`: the signed-in frame and the route guard, and what they, or home and a
 *   session both, use;
 * - `home-kit` and `session-kit`: the screen itself, and what it uses that the other does not
 *   (a screen elsewhere that uses it too loads it from there);
 * - `lifter-kit`: only the lifter's other screens (chat, a summary, workouts, the calendar, check-ins), and
 *   home's dialogs for moving a missed workout and for adding a habit, loaded when opened;
 * - `shared-kit`: used by those and by a desk family;
 * - `progress-kit`: only the progress screens (its charts are the largest library);
 * - `coach-kit`: only the coach's everyday screens (dashboard, clients and a client's page, messages, programs, chat,
 *   check-in forms);
 * - `builder-kit`: only the screens that build plans and workouts, or the movement library;
 * - `account-kit`: only the account and profile screens;
 * - `desk-kit`: used by more than one of the desk families (coach, builder, progress, account);
 * - `common-kit`: used by a public page (welcome, an invite) and by signed-in screens.
 *
 * Modules the entry loads stay in the entry's chunk, anything the sign-in screens use stays where
 * the bundler puts it (the /auth budget), and every other screen keeps a chunk of its own.
 */

type ModuleInfo = {
  isEntry: boolean
  importers: readonly string[]
  importedIds: readonly string[]
  dynamicImporters: readonly string[]
  dynamicallyImportedIds: readonly string[]
}
type Graph = { getModuleInfo: (id: string) => ModuleInfo | null }

const PUBLIC = 'public'
/**
 * Lazily loaded modules that go into their family's kit rather than a chunk of their own: the
 * signed-in frame and the route guard, which every signed-in page loads with the signed-in kit,
 * and home and a session, which always load their kit. On a phone each chunk is a request, and
 * while it waits for its first byte its share of the link goes unused. (Vite's manifest has no key
 * for a module inside a kit; scripts/first-paint/manifest-modules.ts adds one for the server's preload hints.)
 */
const IN_KIT =
  /\/src\/client\/(app\/signed-in-layout|features\/auth\/components\/route-guard|app\/routes\/client\/(home|session))\.tsx$/
const AUTH = 'auth'

/** Each lazily loaded module (a screen, the frame) and its family; the first pattern that matches wins. */
const FAMILIES: [RegExp, string][] = [
  [/\/src\/client\/app\/signed-in-layout\.tsx$|\/route-guard\.tsx$/, 'signed-in'],
  [/\/src\/client\/app\/routes\/client\/progress\.tsx$|\/progress-view\.tsx$/, 'progress'],
  [/\/src\/client\/app\/routes\/client\/home\.tsx$/, 'home'],
  [/\/src\/client\/app\/routes\/client\/session\.tsx$/, 'session'],
  [
    /\/src\/client\/app\/routes\/(client\/(chat|workout-preview|mesocycle|workouts|check-ins|check-in)|summary)\.tsx$|\/(move-workout-dialog|habit-form)\.tsx$/,
    'lifter',
  ],
  [
    /\/src\/client\/app\/routes\/(coach\/(dashboard|clients|client|messages|chat|check-ins)|programs|program-overview)\.tsx$/,
    'coach',
  ],
  [
    /\/src\/client\/app\/routes\/(coach\/(library|program-builder|create-plan|template-board)|client\/(plan-builder|program-new|create-workout)|workout|workout-readonly)\.tsx$/,
    'builder',
  ],
  [/\/src\/client\/app\/routes\/(account|create-profile|perf-sessions|dev-outbox)\.tsx$/, 'account'],
  [/\/src\/client\/app\/routes\/auth\//, AUTH],
]
/**
 * The chunk for a module that these families of lazily loaded modules use: null (the bundler
 * decides) for anything a sign-in screen uses, so /auth loads nothing more.
 */
function nameFor(families: Set<string>): string | null {
  if (families.has(AUTH)) return null
  if (families.size === 1) return families.has(PUBLIC) ? null : ([...families][0] as string)
  if (families.has(PUBLIC)) return 'common'
  if (families.has('signed-in') || (families.has('home') && families.has('session'))) return 'signed-in'
  if (families.has('home')) return 'home'
  if (families.has('session')) return 'session'
  if (families.has('lifter')) return 'shared'
  return 'desk'
}

function familyOfRoot(id: string): string {
  return FAMILIES.find(([pattern]) => pattern.test(id))?.[1] ?? PUBLIC
}

/** Every module reached from `starts` by following `next`, the starts included, never entering `stop`. */
function reach(
  graph: Graph,
  starts: Iterable<string>,
  next: (info: ModuleInfo) => readonly string[],
  stop = new Set<string>(),
): Set<string> {
  const seen = new Set<string>()
  const stack = [...starts]
  while (stack.length) {
    const id = stack.pop() as string
    if (seen.has(id) || stop.has(id)) continue
    seen.add(id)
    const info = graph.getModuleInfo(id)
    if (info) stack.push(...next(info))
  }
  return seen
}

const importers = (info: ModuleInfo) => [...info.importers, ...info.dynamicImporters]
const staticImports = (info: ModuleInfo) => info.importedIds
const allImports = (info: ModuleInfo) => [...info.importedIds, ...info.dynamicallyImportedIds]

/** Every module's chunk name, or null where the bundler decides; computed once per build from the whole graph. */
function assign(graph: Graph, some: string): Map<string, string | null> {
  // Up from any module to the entries, then down to every module.
  const entries = [...reach(graph, [some], importers)].filter((id) => graph.getModuleInfo(id)?.isEntry)
  const initial = reach(graph, entries, staticImports)
  // Every lazily loaded module; a screen nothing imports statically keeps its own chunk, one that
  // shares code is grouped.
  const lazy = [...reach(graph, entries, allImports)].filter(
    (id) => !initial.has(id) && Boolean(graph.getModuleInfo(id)?.dynamicImporters.length),
  )
  const ownChunk = new Set(lazy.filter((id) => !graph.getModuleInfo(id)?.importers.length && !IN_KIT.test(id)))
  // The families of the lazy modules that reach each module statically.
  const reachedBy = new Map<string, Set<string>>()
  for (const root of lazy) {
    const family = familyOfRoot(root)
    for (const id of reach(graph, [root], staticImports, initial)) {
      let families = reachedBy.get(id)
      if (!families) reachedBy.set(id, (families = new Set()))
      families.add(family)
    }
  }
  const names = new Map<string, string | null>()
  for (const [id, families] of reachedBy)
    names.set(id, id.startsWith('\0') || ownChunk.has(id) ? null : nameFor(families))
  return names
}

/** Each build's answer: rolldown hands every call of one build the same graph. */
const assigned = new WeakMap<Graph, Map<string, string | null>>()

/** Rolldown's `codeSplitting.groups[].name`: the chunk of a module, or null to leave it to the bundler. */
export function chunkFamily(id: string, graph: Graph): string | null {
  let names = assigned.get(graph)
  if (!names) assigned.set(graph, (names = assign(graph, id)))
  const family = names.get(id)
  return family ? `${family}-kit` : null
}
