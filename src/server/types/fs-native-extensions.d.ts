// The part of fs-native-extensions the server uses (the package ships no types).
declare module 'fs-native-extensions' {
  /** Takes an exclusive (or, with `shared`, a shared) lock on the file open at `fd` without waiting; false when another holder has it. */
  export function tryLock(fd: number, offset?: number, length?: number, options?: { shared?: boolean }): boolean
  export function unlock(fd: number, offset?: number, length?: number): void
}
