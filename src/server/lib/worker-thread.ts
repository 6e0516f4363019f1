import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * Starts one of the server's worker modules: `name.js` beside the bundle once built (every worker
 * is an entry of the server build, written next to index.js), or, when the server runs from its
 * TypeScript sources (tests, scripts), `name.ts` in `sourceDir` loaded through tsx (Node 20 cannot
 * load TypeScript, and a worker does not inherit the loader its parent was started with).
 */
export function startWorker(name: string, sourceDir: URL, options: WorkerOptions = {}): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), options)
  const source = new URL(`./${name}.ts`, sourceDir).href
  return new Worker(
    `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`,
    { ...options, eval: true },
  )
}
