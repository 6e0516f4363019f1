import { MESSAGE_MAX } from '#shared/schemas/chat.ts'
import { withThousands as count } from '#shared/text.ts'

/**
 * The chat screens' words, in one place (docs/product.md#user-facing-strings). The words the server also uses
 * (too long, read-only, no coach) are the shared `chatApiText` of `#shared/schemas/chat.ts`.
 */
export const chatText = {
  title: 'Chat',
  messages: 'Messages',
  messageLabel: 'Message',
  placeholder: 'Write a message…',
  send: 'Send',
  keyHint: 'Enter sends, Shift+Enter starts a new line',
  counter: (length: number) => `${count(length)} / ${count(MESSAGE_MAX)}`,
  you: 'You',
  yourCoach: 'Your coach',
  client: 'Client',
  archived: 'Archived',
  allClients: 'All clients',
  state: {
    sending: 'Sending…',
    waiting: 'Waiting for connection',
    refused: 'Not sent',
    sent: 'Sent',
    delivered: 'Delivered',
    read: 'Read',
  },
  today: 'Today',
  yesterday: 'Yesterday',
  loading: 'Loading messages…',
  loadingOlder: 'Loading older messages…',
  start: 'This is the start of your conversation.',
  empty: 'No messages yet. Say hello!',
  jumpToNewest: 'Jump to the newest messages',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: 'You are offline. What you write is sent when you are back online.',
  newMessageFrom: (name: string) => `New message from ${name}`,
  open: 'Open',
  notSent: 'A message could not be sent',
  refused: (reason: string) => `Not sent: ${reason}`,
  tryAgain: 'Try again',
  remove: 'Remove',
  noCoachHint: 'When you accept an invite from a coach, your conversation with them appears here.',
  unread: (n: number) => `${count(n)} unread`,
  unreadTitle: 'Unread messages',
  /** The coach's Messages page: every conversation by its last message. */
  inbox: {
    title: 'Messages',
    description: 'Every conversation with your clients, the latest first.',
    empty: 'No conversations yet. A client you coach appears here once either of you writes.',
    you: 'You: ',
    noMessages: 'No messages yet',
    archived: 'Former client',
    open: (name: string, unread: number) => (unread > 0 ? `${name}, ${count(unread)} unread` : name),
  },
  noUnread: 'No unread messages.',
  unreadFailed: 'Your messages could not be loaded. Try again.',
  message: 'Message',
  messageClient: (name: string, unread: number) =>
    unread > 0 ? `Message ${name}, ${count(unread)} unread` : `Message ${name}`,
  messageCoach: 'Message your coach',
  messageCoachUnread: (unread: number) => `Message your coach, ${count(unread)} unread`,
  digestTitle: 'Chat emails',
  digestDescription:
    'Messages you have not read for 30 minutes, and news that reached none of your devices, in one email.',
  digestLabel: 'Email me unread messages',
  digestOn: { title: 'Chat emails on', description: 'We will email you messages you have not read for 30 minutes.' },
  digestOff: { title: 'Chat emails off', description: 'We will not email you about unread messages.' },
  digestFailedTitle: 'Could not save your email preference',
} as const
