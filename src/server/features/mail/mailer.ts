import { createTransport } from 'nodemailer'
import type { Db } from '#server/db/client.ts'
import { outboxMails } from '#server/db/schema/index.ts'
import type { Logger } from '#server/lib/logger.ts'
import { withoutTrailing } from '#shared/text.ts'

export type MailMessage = { to: string; subject: string; text: string; html: string }

export type Mailer = {
  kind: 'smtp' | 'outbox'
  send: (message: MailMessage) => Promise<void>
}

/** Every http(s) address in a text, in order, once each: the outbox lists them for the tester. */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')]+/g) ?? []
  return [...new Set(found.map((link) => withoutTrailing(link, '.,;:!?')))]
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the development outbox in the database. */
export function createMailer({
  db,
  smtpUrl,
  from,
  logger,
}: {
  db: Db
  smtpUrl?: string
  from: string
  logger: Logger
}): Mailer {
  if (smtpUrl) {
    const transport = createTransport(smtpUrl)
    return {
      kind: 'smtp',
      send: async (message) => {
        await transport.sendMail({ from, ...message })
        logger.info({ to: message.to, subject: message.subject }, 'mail sent')
      },
    }
  }
  return {
    kind: 'outbox',
    send: async (message) => {
      await db.insert(outboxMails).values({ ...message, links: extractLinks(message.text) })
      logger.info({ to: message.to, subject: message.subject }, 'mail kept in the development outbox')
    },
  }
}
