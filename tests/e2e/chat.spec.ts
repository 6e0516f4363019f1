import type { Page } from '@playwright/test'
import { expect, expectToast, linkCoach, otherUser, test } from './fixtures.ts'

/** The conversation is on screen and its live stream is connected. */
async function openConversation(page: Page, path: string, otherName: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: otherName })).toBeVisible()
  await expect(page.getByText(/^(Connecting|Reconnecting)…$/)).toHaveCount(0)
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' })
/** One message's bubble in the conversation, found by its exact text. */
const bubble = (page: Page, text: string) =>
  log(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) })

test('coach and client chat live: unread counts rise and clear, receipts arrive, and a message written offline reaches the coach once', async ({
  page,
  login,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(90_000)
  const client = await login({ role: 'client', displayName: 'Cleo Client' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Cruz')
  await linkCoach(coachPage, coach, client)

  await openConversation(page, '/chat', 'Coach Cruz')
  await expect(log(page)).toContainText('No messages yet. Say hello!')
  await openConversation(coachPage, `/coach/chat/${client.id}`, 'Cleo Client')

  // Live both ways, without reloading; the client has it on screen, so the coach sees 'Read'.
  const coachBox = coachPage.getByRole('textbox', { name: 'Message' })
  await coachBox.fill('Hi Cleo! How did the squats feel?')
  await coachBox.press('Enter')
  await expect(coachBox).toHaveValue('')
  await expect(bubble(page, 'Hi Cleo! How did the squats feel?')).toBeVisible()
  await expect(bubble(coachPage, 'Hi Cleo! How did the squats feel?')).toContainText('Read')

  const clientBox = page.getByRole('textbox', { name: 'Message' })
  await clientBox.fill('Heavy but good.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(bubble(coachPage, 'Heavy but good.')).toBeVisible()
  await expect(bubble(page, 'Heavy but good.')).toContainText('Read')
  await expect(log(page).getByText('Today', { exact: true })).toBeVisible()

  // On another screen: a toast says who wrote, and the Chat item counts what is unread.
  const nav = page.getByRole('navigation', { name: 'Main' }).first()
  await nav.getByRole('link', { name: 'Home', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  await coachBox.fill('Next week we add 2.5 kg.')
  await coachBox.press('Enter')
  await expectToast(page, 'New message from Coach Cruz', 'Next week we add 2.5 kg.')
  await expect(nav.getByRole('link', { name: 'Chat, 1 unread message' })).toBeVisible()
  await expect(bubble(coachPage, 'Next week we add 2.5 kg.')).toContainText('Delivered')
  await coachBox.fill('Sleep well!')
  await coachBox.press('Enter')
  await expect(nav.getByRole('link', { name: 'Chat, 2 unread messages' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Message your coach, 2 unread' })).toBeVisible()

  // Opening the conversation reads it: the count clears and the coach sees 'Read'.
  await nav.getByRole('link', { name: 'Chat, 2 unread messages' }).click()
  await expect(bubble(page, 'Sleep well!')).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Chat', exact: true })).toBeVisible()
  await expect(nav.getByRole('link', { name: /unread/ })).toHaveCount(0)
  await expect(bubble(coachPage, 'Sleep well!')).toContainText('Read')
  await expect(bubble(coachPage, 'Next week we add 2.5 kg.')).toContainText('Read')

  // No signal: the message waits on the device (through a reload), then goes out once when the signal is back.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await expect(bubble(page, 'Sleep well!')).toBeVisible()
  await context.setOffline(true)
  await clientBox.fill('Written in the basement gym')
  await clientBox.press('Enter')
  await expect(bubble(page, 'Written in the basement gym')).toContainText('Waiting for connection')
  await page.reload()
  await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeVisible()
  // With no signal the conversation still reads (the service worker's last copy), the waiting message with it.
  await expect(bubble(page, 'Sleep well!')).toBeVisible()
  await expect(bubble(page, 'Written in the basement gym')).toContainText('Waiting for connection')
  await context.setOffline(false)
  await expect(bubble(coachPage, 'Written in the basement gym')).toBeVisible({ timeout: 20_000 })
  await expect(bubble(page, 'Written in the basement gym')).not.toContainText(/Waiting|Sending/, { timeout: 15_000 })
  // A later message arrives after any duplicate could have; the offline one is still there once.
  await clientBox.fill('Back upstairs.')
  await clientBox.press('Enter')
  await expect(bubble(coachPage, 'Back upstairs.')).toBeVisible()
  await expect(log(coachPage).getByText('Written in the basement gym', { exact: true })).toHaveCount(1)
  await expect(log(page).getByText('Written in the basement gym', { exact: true })).toHaveCount(1)
  await coachPage.reload()
  await expect(bubble(coachPage, 'Back upstairs.')).toBeVisible()
  await expect(log(coachPage).getByText('Written in the basement gym', { exact: true })).toHaveCount(1)

  // The coach away from the conversation: the dashboard lists the unread conversation, Messages counts it.
  await coachPage.goto('/coach')
  await clientBox.fill('One more thing: my knee is fine.')
  await clientBox.press('Enter')
  const unread = coachPage.getByRole('region', { name: 'Unread messages' })
  await expect(unread.getByRole('link', { name: 'Message Cleo Client, 1 unread' })).toBeVisible()
  await expect(
    coachPage
      .getByRole('navigation', { name: 'Coach' })
      .first()
      .getByRole('link', { name: 'Messages, 1 unread message' }),
  ).toBeVisible()
  await coachPage.goto('/coach/clients')
  await coachPage
    .getByRole('region', { name: 'Clients' })
    .getByRole('listitem', { name: 'Cleo Client' })
    .getByRole('link', { name: 'Message Cleo Client, 1 unread' })
    .click()
  await expect(bubble(coachPage, 'One more thing: my knee is fine.')).toBeVisible()
  await expect(
    coachPage.getByRole('navigation', { name: 'Coach' }).first().getByRole('link', { name: 'Messages', exact: true }),
  ).toBeVisible()
  await coachPage.context().close()
})

test('the composer: Shift+Enter adds a line, a draft survives navigation and reloads, the limit is counted and kept, text stays text; an archived conversation is read-only', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const coach = await login({ role: 'coach', displayName: 'Coach Dara' })
  const { page: clientPage, user: client } = await otherUser(browser, baseURL, 'client', 'Eli Client')
  await linkCoach(page, coach, client)

  await openConversation(page, `/coach/chat/${client.id}`, 'Eli Client')
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('Line one')
  await box.press('Shift+Enter')
  await box.pressSequentially('Line two')
  await expect(box).toHaveValue('Line one\nLine two')

  // The draft is kept for this conversation across screens and reloads.
  await page.getByRole('navigation', { name: 'Coach' }).first().getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Coach dashboard' })).toBeVisible()
  await page.goBack()
  await expect(box).toHaveValue('Line one\nLine two')
  await page.reload()
  await expect(box).toHaveValue('Line one\nLine two')
  await box.press('Enter')
  await expect(box).toHaveValue('')
  await expect(log(page).getByRole('listitem').filter({ hasText: 'Line one' })).toContainText('Line two')

  // Near the limit a counter shows; past it the message is refused with the shared text.
  await box.fill('x'.repeat(3650))
  await expect(page.getByText('3,650 / 4,000')).toBeVisible()
  await box.fill('y'.repeat(4001))
  await expect(page.getByText('4,001 / 4,000')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'A message is at most 4,000 characters' })).toBeVisible()
  await box.press('Enter')
  await expect(box).toHaveValue('y'.repeat(4001))
  await expect(log(page).getByText('y'.repeat(50), { exact: false })).toHaveCount(0)

  // Text is text: markup shows as typed; web addresses become safe links.
  await box.fill('<b>not bold</b> <img src=x onerror="window.pwned=1"> plan: https://example.com/plan?week=2.')
  await box.press('Enter')
  const sent = bubble(
    page,
    '<b>not bold</b> <img src=x onerror="window.pwned=1"> plan: https://example.com/plan?week=2.',
  )
  await expect(sent).toBeVisible()
  await expect(log(page).locator('b, img')).toHaveCount(0)
  const address = sent.getByRole('link', { name: 'https://example.com/plan?week=2' })
  await expect(address).toHaveAttribute('href', 'https://example.com/plan?week=2')
  await expect(address).toHaveAttribute('target', '_blank')
  await expect(address).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  expect(await page.evaluate(() => 'pwned' in window)).toBe(false)

  // Archived: both sides can read, neither can write.
  expect((await page.request.post(`/api/clients/${client.id}/archive`, { data: {} })).status()).toBe(204)
  await page.reload()
  await expect(page.getByRole('note')).toHaveText(
    'This conversation is archived: you can read it but not send messages',
  )
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
  await expect(page.getByText('Archived', { exact: true })).toBeVisible()
  await openConversation(clientPage, '/chat', 'Coach Dara')
  await expect(log(clientPage).getByText('Line one', { exact: false })).toBeVisible()
  await expect(clientPage.getByRole('note')).toHaveText(
    'This conversation is archived: you can read it but not send messages',
  )
  await expect(clientPage.getByRole('button', { name: 'Send' })).toHaveCount(0)
  await clientPage.context().close()
})

test('a message the server refuses stays, marked with the reason, until the writer tries again or removes it', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const client = await login({ role: 'client', displayName: 'Rae Refused' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Quinn')
  await linkCoach(page, coach, client)
  await openConversation(page, '/chat', 'Coach Quinn')

  // The coach archives the client while this screen still offers the composer.
  expect((await coachPage.request.post(`/api/clients/${client.id}/archive`, { data: {} })).status()).toBe(204)
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('Sent after the archive')
  await box.press('Enter')

  const refused = log(page).getByRole('listitem').filter({ hasText: 'Sent after the archive' })
  await expect(refused).toContainText('Not sent: This conversation is archived: you can read it but not send messages')
  await expectToast(page, 'A message could not be sent')
  await expect(page.getByRole('note')).toHaveText(
    'This conversation is archived: you can read it but not send messages',
  )
  // Trying again meets the same answer; removing it is the writer's choice.
  await refused.getByRole('button', { name: 'Try again' }).click()
  await expect(refused).toContainText('Not sent:')
  await refused.getByRole('button', { name: 'Remove' }).click()
  await expect(refused).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Coach Quinn' })).toBeVisible()
  await expect(log(page).getByText('Sent after the archive')).toHaveCount(0)
  await coachPage.context().close()
})

test('older messages load when the reader scrolls to the top, without moving what is on screen', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const client = await login({ role: 'client', displayName: 'Rae Reader' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Long')
  await linkCoach(coachPage, coach, client)
  for (let n = 0; n < 45; n++) {
    const res = await coachPage.request.post(`/api/chat/${client.id}/messages`, {
      data: { id: crypto.randomUUID(), body: `Note ${n}` },
    })
    expect(res.status()).toBe(201)
  }
  await coachPage.context().close()

  await openConversation(page, '/chat', 'Coach Long')
  await expect(bubble(page, 'Note 44')).toBeInViewport()
  await expect(bubble(page, 'Note 14')).toHaveCount(0)
  // The newest page is 30: the oldest of it at the top, then the page before it arrives above.
  await log(page).evaluate((el) => el.scrollTo({ top: 0 }))
  const before = await bubble(page, 'Note 15').boundingBox()
  await expect(bubble(page, 'Note 0')).toBeAttached()
  await expect(log(page)).toContainText('This is the start of your conversation.')
  const after = await bubble(page, 'Note 15').boundingBox()
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThan(40)
  await expect(bubble(page, 'Note 15')).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Jump to the newest messages' })).toBeVisible()
  await page.getByRole('button', { name: 'Jump to the newest messages' }).click()
  await expect(bubble(page, 'Note 44')).toBeInViewport()
})

test('a client without a coach is told so, a coach cannot open a stranger’s conversation, and the unread email can be switched off', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await login({ role: 'client', displayName: 'Solo Sam' })
  await page.goto('/chat')
  await expect(page.getByRole('heading', { name: "You don't have a coach yet" })).toBeVisible()

  await page.goto('/account')
  const digest = page.getByRole('checkbox', { name: 'Email me unread messages' })
  await expect(digest).toBeChecked()
  await digest.uncheck()
  await expectToast(page, 'Chat emails off')
  await page.reload()
  await expect(digest).not.toBeChecked()
  expect(((await (await page.request.get('/api/profile')).json()) as { messageDigest: boolean }).messageDigest).toBe(
    false,
  )

  const { page: coachPage } = await otherUser(browser, baseURL, 'coach', 'Coach Nobody')
  await coachPage.goto('/coach/chat/not-my-client')
  await expect(coachPage.getByRole('alert')).toHaveText('This conversation does not exist or is not shared with you.')
  await coachPage.context().close()
})

test('@phone the conversation fits a phone: the composer sits above the bottom navigation', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const client = await login({ role: 'client', displayName: 'Pia Phone' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Pocket')
  await linkCoach(coachPage, coach, client)
  await coachPage.context().close()

  await openConversation(page, '/chat', 'Coach Pocket')
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('From my phone')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(bubble(page, 'From my phone')).toContainText(/Sent|Delivered/)
  const send = await page.getByRole('button', { name: 'Send' }).boundingBox()
  const nav = await page.getByRole('navigation', { name: 'Main' }).last().boundingBox()
  const viewport = page.viewportSize()
  expect(send && nav && send.y + send.height).toBeLessThanOrEqual(nav?.y ?? 0)
  expect(send && viewport && send.x + send.width).toBeLessThanOrEqual(viewport?.width ?? 0)
})
