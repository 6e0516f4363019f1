/**
 * A schema built the first time it is used. Building zod schemas is work: a screen's chunk that
 * built every schema it might need spent most of its start-up on them, on a phone's main thread,
 * before it could paint. So each top-level schema of these modules is built on its first use (a
 * parse, a property, another schema built from it), and only the ones a screen uses ever are.
 *
 * The result stands in for the schema everywhere (it forwards every operation to it), so callers,
 * types and `z.infer` do not change.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined
  const schema = () => (built ??= build())
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key)
      // The stand-in itself has no properties: what it reports must be configurable.
      return descriptor && { ...descriptor, configurable: true }
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  })
}
