import type { MailMessage } from './mailer.ts'

const PRODUCT = 'Coachline'

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  )
}

type Action = {
  to: string
  subject: string
  heading: string
  intro: string
  /** Lines under the intro, each with its link. */
  items?: { text: string; url: string }[]
  button: string
  url: string
  footnote: string
}

/** One readable layout for every transactional email: plain text and HTML with the same words. */
function actionEmail({ to, subject, heading, intro, items = [], button, url, footnote }: Action): MailMessage {
  const lines = items.map((item) => `- ${item.text}\n  ${item.url}`).join('\n')
  const text = `${heading}\n\n${intro}\n\n${lines ? `${lines}\n\n` : ''}${button}: ${url}\n\n${footnote}\n\n— ${PRODUCT}`
  const list = items.length
    ? `<tr><td style="padding-bottom:24px"><ul style="margin:0;padding-left:20px;font-size:15px;line-height:1.5">${items
        .map(
          (item) =>
            `<li style="padding-bottom:8px"><a href="${escapeHtml(item.url)}" style="color:#0f6fd1">${escapeHtml(item.text)}</a></li>`,
        )
        .join('')}</ul></td></tr>`
    : ''
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;background:#f4f6fb;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:20px;font-weight:700;padding-bottom:16px">${PRODUCT}</td></tr>
<tr><td style="font-size:18px;font-weight:600;padding-bottom:8px">${escapeHtml(heading)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5;padding-bottom:24px">${escapeHtml(intro)}</td></tr>
${list}<tr><td style="padding-bottom:24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f6fd1;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(button)}</a></td></tr>
<tr><td style="font-size:13px;color:#475569;line-height:1.5;padding-bottom:8px">If the button does not work, open this address: <br><a href="${escapeHtml(url)}" style="color:#0f6fd1;word-break:break-all">${escapeHtml(url)}</a></td></tr>
<tr><td style="font-size:13px;color:#475569;line-height:1.5">${escapeHtml(footnote)}</td></tr>
</table></td></tr></table></body></html>`
  return { to, subject, text, html }
}

export function confirmEmail(to: string, url: string): MailMessage {
  return actionEmail({
    to,
    subject: `Confirm your ${PRODUCT} account`,
    heading: 'Confirm your email',
    intro: `Welcome to ${PRODUCT}! Confirm your email address to finish creating your account.`,
    button: 'Confirm my email',
    url,
    footnote: 'The link works for 1 hour. If you did not create an account, ignore this email.',
  })
}

export function magicLinkEmail(to: string, url: string): MailMessage {
  return actionEmail({
    to,
    subject: `Your ${PRODUCT} sign-in link`,
    heading: 'Sign in to Coachline',
    intro: 'Use this link to sign in. No password needed.',
    button: 'Sign in',
    url,
    footnote: 'The link works once, within 15 minutes. If you did not ask for it, ignore this email.',
  })
}

export function resetPasswordEmail(to: string, url: string): MailMessage {
  return actionEmail({
    to,
    subject: `Reset your ${PRODUCT} password`,
    heading: 'Set a new password',
    intro: 'Someone (hopefully you) asked to set a new password for your account.',
    button: 'Set a new password',
    url,
    footnote:
      'The link works once, within 1 hour. Setting a new password signs you out everywhere else. If you did not ask for it, ignore this email.',
  })
}

export function inviteEmail(
  to: string,
  url: string,
  { coachName, planName, expiresAt }: { coachName: string; planName: string; expiresAt: Date },
): MailMessage {
  return actionEmail({
    to,
    subject: `${coachName} invited you to ${planName} on ${PRODUCT}`,
    heading: `${coachName} wants to coach you`,
    intro: `${coachName} invited you to train with them on ${PRODUCT}, starting with the plan “${planName}”. Accept the invite to see your plan, log your workouts and message your coach.`,
    button: 'Open the invite',
    url,
    footnote: `The invite works until ${expiresAt.toUTCString().replace(/:\d\d GMT$/, ' UTC')}. Sign in (or create an account) with this email address to accept it. If you do not know ${coachName}, ignore this email.`,
  })
}

/**
 * The unread-messages email: who wrote and how much, and what reached none of the person's
 * devices (each with its link).
 */
export function messageDigestEmail(
  to: string,
  url: string,
  { senders, notices = [] }: { senders: { name: string; count: number }[]; notices?: { text: string; url: string }[] },
): MailMessage {
  const total = senders.reduce((sum, s) => sum + s.count, 0)
  const plural = (n: number) => `${n} unread message${n === 1 ? '' : 's'}`
  const list = senders.map((s) => `${s.name}: ${plural(s.count)}`).join('; ')
  const news = `${notices.length} update${notices.length === 1 ? '' : 's'}`
  return actionEmail({
    to,
    subject: total > 0 ? `You have ${plural(total)} on ${PRODUCT}` : `${news} from ${PRODUCT}`,
    heading: total > 0 ? `${plural(total)} waiting for you` : `${news} you have not seen`,
    intro: total > 0 ? `${list}.` : 'None of your devices could be reached with notifications, so here they are.',
    items: notices,
    button: total > 0 ? 'Open the chat' : `Open ${PRODUCT}`,
    url,
    footnote:
      'We send this when a message has waited unread for 30 minutes, or news has not reached any of your devices. You can switch these emails off on your account page.',
  })
}
