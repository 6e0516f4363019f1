import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { expect, test, vi } from 'vitest'
import { refetchFromNow } from './refetch-from-now.ts'

/** An answer the test hands over when it chooses. */
function later<T>() {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

test('a screen still waiting for its first answer gets the one asked for after the change, not before it', async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const answers = [later<string>(), later<string>()]
  let asked = 0
  const observer = new QueryObserver(queryClient, {
    queryKey: ['conversations'],
    queryFn: () => (answers[asked++] as ReturnType<typeof later<string>>).promise,
  })
  const seen: (string | undefined)[] = []
  const stop = observer.subscribe((result) => seen.push(result.data))
  expect(asked).toBe(1)

  // The change lands, and is announced, while the first answer (from before it) is on its way.
  const refreshed = refetchFromNow(queryClient, { queryKey: ['conversations'], exact: true })
  answers[0]?.resolve('from before the message')
  answers[1]?.resolve('with the message')
  await refreshed

  expect(asked).toBe(2)
  expect(queryClient.getQueryData(['conversations'])).toBe('with the message')
  expect(seen).not.toContain('from before the message')
  stop()
  queryClient.clear()
})

test('a screen with an answer already shown asks again too', async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  let asked = 0
  const observer = new QueryObserver(queryClient, { queryKey: ['comments'], queryFn: async () => `answer ${++asked}` })
  const stop = observer.subscribe(() => {})
  await vi.waitFor(() => expect(queryClient.getQueryData(['comments'])).toBe('answer 1'))
  await refetchFromNow(queryClient, { queryKey: ['comments'], exact: true })
  expect(queryClient.getQueryData(['comments'])).toBe('answer 2')
  stop()
  queryClient.clear()
})
