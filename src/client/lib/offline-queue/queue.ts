import { useEffect, useSyncExternalStore } from 'react'
import { ApiError } from '../api-client.ts'
import { isOnline, onOnline, probe, reportReached, reportUnreachable } from '../online.ts'
import { queueStore, type QueueItem, type Refusal } from './queue-store.ts'
import { retryDelayMs, verdictOf } from './retry-policy.ts'

export type { QueueItem, Refusal }

/**
 * The app's one offline queue (docs/offline-queue.md). Every change that must reach the server
 * even with no signal (a logged set, a chat message, a builder save) is stored in IndexedDB
 * first, then sent by this engine: oldest first, one at a time, by the handler of its kind, with
 * one retry policy (retry-policy.ts).
 */
export type QueueHandler<P> = {
  /** Sends the item; throws the API's error. Replays must be harmless: every item carries its own id. */
  send: (item: QueueItem<P>, signal: AbortSignal) => Promise<unknown>
  /** The server stored it. */
  sent?: (result: unknown, item: QueueItem<P>) => void
  /** The server refused it: the item stays, marked with `refusal`, until fixed or removed. */
  refused?: (item: QueueItem<P>, refusal: Refusal) => void
  /**
   * Only the tab that queued an item sends it while that tab is open (it alone knows what the item
   * builds on, such as a document's version); once that tab is gone, any tab of the app does.
   */
  ownTab?: boolean
}

/** This tab of the app. It holds a lock named after itself for as long as it lives, so other tabs can tell. */
export const thisTab: string = typeof crypto === 'undefined' ? 'tab' : crypto.randomUUID()
const tabLock = (tab: string) => `coachline-tab:${tab}`
if (typeof navigator !== 'undefined' && navigator.locks)
  void navigator.locks.request(tabLock(thisTab), () => new Promise<never>(() => {}))

/** The tabs of the app that are open now. Where the browser cannot tell, only this one counts: nothing is left unsent. */
async function openTabs(): Promise<(tab: string) => boolean> {
  if (typeof navigator === 'undefined' || !navigator.locks) return (tab) => tab === thisTab
  const held = new Set(((await navigator.locks.query()).held ?? []).map((lock) => lock.name))
  return (tab) => held.has(tabLock(tab))
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own payload
const handlers = new Map<string, QueueHandler<any>>()

/** Registers the handler of a kind; items of a kind without one wait (they block nothing). */
export function registerQueueHandler<P>(kind: string, handler: QueueHandler<P>): () => void {
  handlers.set(kind, handler)
  for (const userId of runners.keys()) kick(userId)
  return () => {
    if (handlers.get(kind) === handler) handlers.delete(kind)
  }
}

// What the screens read synchronously: a copy of each user's items, refreshed after every write.
const EMPTY: readonly QueueItem[] = []
const NONE: ReadonlySet<string> = new Set()
const mirrors = new Map<string, readonly QueueItem[]>()
const loads = new Map<string, Promise<void>>()
let inFlight: ReadonlySet<string> = new Set()
/** Items whose last try failed in a way that may pass later: they wait to be tried again. */
let retrying: ReadonlySet<string> = new Set()
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

// Another tab of the app wrote to the queue: read it again (and send what it left).
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('coachline-queue')
if (channel) {
  channel.onmessage = (event: MessageEvent<string>) => {
    if (!mirrors.has(event.data)) return
    void refresh(event.data, false).then(() => kick(event.data))
  }
}

async function refresh(userId: string, tell = true): Promise<void> {
  mirrors.set(userId, await queueStore.list(userId))
  emit()
  if (tell) channel?.postMessage(userId)
}

function ready(userId: string): Promise<void> {
  let load = loads.get(userId)
  if (!load) {
    load = refresh(userId, false).catch(() => undefined)
    loads.set(userId, load)
  }
  return load
}

const toggled = (set: ReadonlySet<string>, id: string, value: boolean): ReadonlySet<string> => {
  if (set.has(id) === value) return set
  const next = new Set(set)
  if (value) next.add(id)
  else next.delete(id)
  return next
}

function setInFlight(id: string, value: boolean) {
  inFlight = toggled(inFlight, id, value)
  emit()
}

function setRetrying(id: string, value: boolean) {
  retrying = toggled(retrying, id, value)
  emit()
}

/**
 * Queues a change. One with the same kind and key (the same set, cell or message) replaces the
 * waiting one, keeps its place in line and clears a refusal: that is how a fix is sent.
 */
export async function enqueue<P>(userId: string, kind: string, key: string, payload: P): Promise<void> {
  await ready(userId)
  await queueStore.put({ id: `${kind}:${key}`, userId, kind, tab: thisTab, payload, refused: null })
  await refresh(userId)
  kick(userId)
}

/** Removes an item (the user gave it up, or it reached the server another way). */
export async function removeQueued(userId: string, kind: string, key: string): Promise<void> {
  await queueStore.remove(`${kind}:${key}`)
  setRetrying(`${kind}:${key}`, false)
  await refresh(userId)
}

/** Drops every item of this user's (their account is gone: nothing of theirs can be sent any more). */
export async function forgetQueued(userId: string): Promise<void> {
  for (const item of await queueStore.list(userId)) await queueStore.remove(item.id)
  await refresh(userId)
}

/** This user's items, oldest first. */
export async function queuedItems(userId: string): Promise<readonly QueueItem[]> {
  await ready(userId)
  return mirrors.get(userId) ?? EMPTY
}

/** The user whose queue runs on this device (the signed-in one). */
let activeUser: string | null = null
export const activeQueueUser = () => activeUser

type Runner = {
  attempt: number
  timer: ReturnType<typeof setTimeout> | undefined
  round: Promise<void> | null
  again: boolean
  abort: AbortController
}
const runners = new Map<string, Runner>()

/** Starts sending this user's queue (when they sign in); the returned function stops it. */
function startQueue(userId: string): () => void {
  runners.get(userId)?.abort.abort()
  const runner: Runner = { attempt: 0, timer: undefined, round: null, again: false, abort: new AbortController() }
  runners.set(userId, runner)
  activeUser = userId
  emit()
  const stopListening = onOnline(() => {
    runner.attempt = 0
    kick(userId)
  })
  kick(userId)
  return () => {
    runner.abort.abort()
    clearTimeout(runner.timer)
    stopListening()
    if (runners.get(userId) === runner) runners.delete(userId)
    if (activeUser === userId) activeUser = null
    emit()
  }
}

function kick(userId: string): void {
  const runner = runners.get(userId)
  if (!runner) return
  clearTimeout(runner.timer)
  runner.timer = undefined
  if (runner.round) {
    runner.again = true
    return
  }
  runner.round = send(userId, runner).finally(() => {
    runner.round = null
    if (runner.again && !runner.abort.signal.aborted) {
      runner.again = false
      kick(userId)
    }
  })
}

/** Sends what waits now and resolves when the queue has done what it can (before finishing a session, say). */
export async function flushQueue(userId: string): Promise<void> {
  const runner = runners.get(userId)
  if (!runner) return
  kick(userId)
  while (runner.round) await runner.round
}

function waitThenTry(runner: Runner, retry: () => void) {
  runner.timer = setTimeout(retry, retryDelayMs(runner.attempt++))
}

async function send(userId: string, runner: Runner): Promise<void> {
  const { signal } = runner.abort
  await ready(userId)
  // The revision of each item this round has handled: a newer revision of it is sent again.
  const handled = new Map<string, number>()
  const isOpen = await openTabs()
  const maySend = (item: QueueItem) => {
    const handler = handlers.get(item.kind)
    return Boolean(handler) && (!handler?.ownTab || item.tab === thisTab || !isOpen(item.tab))
  }
  for (;;) {
    if (signal.aborted) return
    const item = (mirrors.get(userId) ?? EMPTY).find((i) => !i.refused && maySend(i) && handled.get(i.id) !== i.rev)
    if (!item) break
    handled.set(item.id, item.rev)
    const handler = handlers.get(item.kind) as QueueHandler<unknown>
    setInFlight(item.id, true)
    try {
      const result = await handler.send(item, signal)
      setRetrying(item.id, false)
      runner.attempt = 0
      reportReached()
      await queueStore.settle(item)
      await refresh(userId)
      handler.sent?.(result, item)
    } catch (error) {
      if (signal.aborted) return
      const verdict = verdictOf(error)
      if (verdict === 'signed-out') return
      if (verdict === 'retry') {
        // First in line it stays; everything behind it waits too (the network is the same for all).
        setRetrying(item.id, true)
        if (error instanceof ApiError && error.status === 0) await reportUnreachable()
        waitThenTry(runner, () => kick(userId))
        return
      }
      setRetrying(item.id, false)
      const refusal = refusalOf(error as ApiError)
      if (await queueStore.refuse(item, refusal)) {
        await refresh(userId)
        handler.refused?.(item, refusal)
      }
    } finally {
      setInFlight(item.id, false)
    }
  }
  // Nothing left to send, but the server was out of reach: look again now and then, so the app comes back online.
  if (!isOnline()) waitThenTry(runner, () => void probe().then(() => kick(userId)))
}

/** Only an API answer is ever refused (anything else is retried: see retry-policy.ts). */
function refusalOf(error: ApiError): Refusal {
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** This user's queued items (the signed-in user's when not given), oldest first; re-renders when they change. */
export function useQueuedItems(userId?: string): readonly QueueItem[] {
  return useSyncExternalStore(
    subscribe,
    () => {
      const user = userId ?? activeUser
      if (!user) return EMPTY
      void ready(user)
      return mirrors.get(user) ?? EMPTY
    },
    // The device's queue is the browser's alone: a screen the server drew shows none of it, and so
    // does the browser's first render of that screen.
    () => EMPTY,
  )
}

/** This user's items as the queue knows them now (for a decision outside rendering). */
export const queuedNow = (userId: string): readonly QueueItem[] => mirrors.get(userId) ?? EMPTY

/** Called on every change of the queue (items, what is in flight or waiting to retry). */
export const subscribeQueue = subscribe

/** The ids of the items on their way to the server right now. */
export function useInFlight(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => inFlight,
    () => NONE,
  )
}

/** The ids of the items waiting to be tried again (no network, or the server was busy). */
export function useRetrying(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => retrying,
    () => NONE,
  )
}

/** Keeps the signed-in user's queue moving from whatever screen is open. */
export function useOfflineQueue(userId: string | null): void {
  useEffect(() => (userId ? startQueue(userId) : undefined), [userId])
}
