import { QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import type { Conversation, Message, MessagesPage } from '#shared/schemas/chat.ts'
import { applyReceipt, markReadInCache, noteMessage, upsertMessages } from './chat-cache.ts'
import { chatQueries, type MessagePages } from './chat-queries.ts'

const COACH = 'coach-1'
const CLIENT = 'client-1'

function message(seq: number, senderId = COACH, extra: Partial<Message> = {}): Message {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    coachId: COACH,
    clientId: CLIENT,
    senderId,
    body: `message ${seq}`,
    createdAt: new Date(2026, 10, 23, 10, seq).toISOString(),
    deliveredAt: null,
    readAt: null,
    ...extra,
  }
}

const conversation: Conversation = {
  otherId: COACH,
  otherName: 'Coach',
  coachId: COACH,
  clientId: CLIENT,
  active: true,
  unread: 0,
  lastMessage: null,
}
const page = (seqs: number[], hasMore: boolean): MessagesPage => ({
  conversation,
  items: seqs.map((s) => message(s)),
  hasMore,
})
const pages = (...list: MessagesPage[]): MessagePages => ({
  pages: list,
  pageParams: list.map((_, i) => (i === 0 ? null : i)),
})
const seqs = (data: MessagePages) => data.pages.map((p) => p.items.map((m) => m.seq))

test('a new message joins the newest page in order; a repeat changes nothing', () => {
  const data = pages(page([10, 12], true), page([4, 6], true))
  const next = upsertMessages(data, [message(14), message(11)])
  expect(seqs(next)).toEqual([
    [10, 11, 12, 14],
    [4, 6],
  ])
  expect(upsertMessages(next, [message(14)])).toBe(next)
})

test('a message lands in the loaded page its seq falls in, and is left out when older than all loaded', () => {
  const data = pages(page([10, 12], true), page([4, 6], true))
  expect(seqs(upsertMessages(data, [message(5)]))).toEqual([
    [10, 12],
    [4, 5, 6],
  ])
  expect(upsertMessages(data, [message(2)])).toBe(data)
  const whole = pages(page([10, 12], true), page([4, 6], false))
  expect(seqs(upsertMessages(whole, [message(2)]))).toEqual([
    [10, 12],
    [2, 4, 6],
  ])
})

test('the later delivery state wins over an older copy of the same message', () => {
  const read = message(12, COACH, { deliveredAt: 'd', readAt: 'r' })
  const data = pages({ conversation, items: [message(10), read], hasMore: false })
  expect(upsertMessages(data, [message(12)])).toBe(data)
  const next = upsertMessages(pages(page([10, 12], false)), [read])
  expect(next.pages[0]?.items[1]).toMatchObject({ deliveredAt: 'd', readAt: 'r' })
})

test('receipts stamp only the messages sent to their reader, up to upTo', () => {
  const client = new QueryClient()
  const key = chatQueries.messages(CLIENT).queryKey
  client.setQueryData(
    key,
    pages({ conversation, items: [message(1), message(2, CLIENT), message(3), message(4)], hasMore: false }),
  )
  applyReceipt(client, COACH, { coachId: COACH, clientId: CLIENT, by: CLIENT, kind: 'read', upTo: 3, at: 'T' })
  const items = client.getQueryData<MessagePages>(key)?.pages[0]?.items ?? []
  expect(items.map((m) => [m.seq, m.deliveredAt, m.readAt])).toEqual([
    [1, 'T', 'T'],
    [2, null, null],
    [3, 'T', 'T'],
    [4, null, null],
  ])
})

test('a new message to me counts as unread until I read the conversation', () => {
  const client = new QueryClient()
  const key = chatQueries.conversations().queryKey
  const other: Conversation = { ...conversation, otherId: 'coach-2', coachId: 'coach-2', otherName: 'Other' }
  client.setQueryData(key, { items: [other, conversation], unread: 0 })
  expect(noteMessage(client, CLIENT, message(20), true)).toBe(true)
  expect(client.getQueryData(key)).toMatchObject({
    unread: 1,
    items: [{ otherId: COACH, unread: 1, lastMessage: { seq: 20 } }, { otherId: 'coach-2' }],
  })
  expect(noteMessage(client, CLIENT, { ...message(21), coachId: 'stranger' }, true)).toBe(false)
  markReadInCache(client, CLIENT, COACH, 20)
  expect(client.getQueryData(key)).toMatchObject({
    unread: 0,
    items: [{ otherId: COACH, unread: 0 }, { otherId: 'coach-2' }],
  })
})
