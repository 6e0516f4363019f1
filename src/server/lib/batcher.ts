export type Batcher<In, Out> = { add: (item: In) => Promise<Out> }

/**
 * Natural batching: the first item runs at once; items that arrive while a batch runs wait and
 * go together in the next (after one turn of the event loop, so that waiting requests get in). `run` answers one result per item, in order. When a batch fails, each
 * of its items is tried alone, so that one bad item fails only its own caller.
 */
export function createBatcher<In, Out>(run: (items: In[]) => Promise<Out[]>, maxBatch = 100): Batcher<In, Out> {
  type Waiting = { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void }
  let queue: Waiting[] = []
  let running = false

  async function runAlone(waiting: Waiting): Promise<void> {
    try {
      const [out] = await run([waiting.item])
      waiting.resolve(out as Out)
    } catch (error) {
      waiting.reject(error)
    }
  }

  async function drain(): Promise<void> {
    running = true
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch)
      queue = queue.slice(batch.length)
      try {
        const results = await run(batch.map((w) => w.item))
        batch.forEach((w, i) => w.resolve(results[i] as Out))
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error)
        else await Promise.all(batch.map(runAlone))
      }
      // Let the requests that arrived meanwhile reach the queue before the next batch starts.
      await new Promise((resolve) => setImmediate(resolve))
    }
    running = false
  }

  return {
    add: (item) =>
      new Promise<Out>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (!running) void drain()
      }),
  }
}
