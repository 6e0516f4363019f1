import { expect, expectNoToast, expectOnPath, expectToast, newEmail, newPlan, readMail, test } from './fixtures.ts'

const PASSWORD = 'Str0ngPassword'

test('a coach invites a new email; the invitee signs up, confirms, comes back to the invite, accepts and lands home with the plan', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  // A long walk through many screens: more than the default 30 s on a busy CI machine.
  test.setTimeout(90_000)
  await login({ role: 'coach', displayName: 'Coach Ivy' })
  await newPlan(page, 'Ivy base block')
  const email = newEmail('invitee')

  await page.goto('/coach/clients')
  await page.getByLabel('Client email').fill('not an email')
  await page.getByRole('button', { name: 'Send invite' }).click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await page.getByLabel('Client email').fill(email)
  await page.getByLabel('Plan').selectOption({ label: 'Ivy base block' })
  await page.getByRole('button', { name: 'Send invite' }).click()
  await expectToast(page, 'Invite sent')
  const pending = page.getByRole('region', { name: 'Pending invites' }).getByRole('listitem', { name: email })
  await expect(pending).toContainText('Ivy base block')
  await expect(pending.getByRole('button', { name: `Copy link for ${email}` })).toBeVisible()

  const invitee = await (await browser.newContext({ baseURL })).newPage()
  const mail = await readMail(invitee.request, email, /invited you/)
  const link = mail.links.find((l) => l.includes('/invite/')) ?? ''
  await invitee.goto(link)
  await expect(invitee.getByRole('heading', { name: 'You’re invited' })).toBeVisible()
  await expect(invitee.getByText('Ivy base block').first()).toBeVisible()
  await expect(invitee.getByText('Coach Ivy').first()).toBeVisible()
  await expect(invitee.getByText(email)).toBeVisible()
  await expect(invitee.getByText('Expires')).toBeVisible()

  // Signed out: accepting asks to sign in first.
  await invitee.getByRole('button', { name: 'Accept Invite' }).click()
  await expectToast(invitee, 'Please sign in', 'You must be signed in to accept this invite.')
  await expectOnPath(invitee, '/auth')

  // Create the account (the tab open, the invited email filled in), confirm it from the email,
  // make the profile: back on the invite.
  await expect(invitee.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true')
  const form = invitee.getByRole('tabpanel', { name: 'Create account' })
  await expect(form.getByLabel('Email')).toHaveValue(email)
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await form.getByLabel('Confirm password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Create account' }).click()
  await expectToast(invitee, 'Account created!')
  await expect(invitee.getByRole('tabpanel', { name: 'Sign in' }).getByLabel('Email')).toHaveValue(email)
  const confirm = await readMail(invitee.request, email, /Confirm/)
  await invitee.goto(confirm.links[0] ?? '')
  await expectOnPath(invitee, '/create-profile')
  await invitee.getByLabel('Display name').fill('Iris Invitee')
  await invitee.getByRole('button', { name: 'Save profile' }).click()
  await expectToast(invitee, 'Profile created successfully')
  await expect(invitee).toHaveURL(link)

  await invitee.getByRole('button', { name: 'Accept Invite' }).click()
  await expectToast(invitee, 'Welcome!', "You've successfully joined Ivy base block")
  await expectOnPath(invitee, '/home')
  // The invite, used now, is not looked up again behind the welcome.
  await expectNoToast(invitee, 'Invalid invite')
  await expect(invitee.getByText(/Ivy base block · week 1/)).toBeVisible()
  await invitee.goto('/programs')
  await expect(
    invitee.getByRole('list', { name: 'Plans' }).getByRole('link', { name: /Ivy base block/ }),
  ).toContainText('from your coach')

  // The coach's page, open all along, shows the new client once its tab is looked at again.
  await expect(page.getByRole('region', { name: 'Clients' }).getByRole('heading')).toHaveText('Clients (0)')
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
  const roster = page.getByRole('region', { name: 'Clients' }).getByRole('listitem', { name: 'Iris Invitee' })
  await expect(roster).toContainText('Ivy base block · week 1')
  await expect(
    page.getByRole('region', { name: 'Pending invites' }).getByRole('listitem', { name: email }),
  ).toHaveCount(0)
  await roster.getByRole('link', { name: 'Open Iris Invitee' }).click()
  await expect(
    page.getByRole('region', { name: 'Current plan' }).getByRole('link', { name: 'Ivy base block' }).first(),
  ).toBeVisible()
  await page.getByRole('tab', { name: 'Sessions' }).click()
  await expect(page.getByRole('region', { name: 'Sessions' })).toContainText('No sessions yet.')
  await invitee.context().close()
})

test('a used, revoked or expired invite, or the wrong account, cannot be accepted', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await login({ role: 'coach', displayName: 'Coach Rex' })
  const planId = await newPlan(page, 'Rex block')
  const invite = async (email: string) => {
    const res = await page.request.post('/api/invites', { data: { email, planId } })
    expect(res.status()).toBe(201)
    return ((await res.json()) as { link: string }).link
  }

  // The wrong account: the invite is for someone else.
  const client = await (await browser.newContext({ baseURL })).newPage()
  const signedIn = await (
    await client.request.post('/api/testing/users', {
      data: { email: newEmail('wrong'), role: 'client', displayName: 'Wrong Will' },
    })
  ).json()
  const forOther = newEmail('right')
  await client.goto(await invite(forOther))
  await expect(client.getByText(`Signed in as ${signedIn.email}`)).toBeVisible()
  await client.getByRole('button', { name: 'Accept Invite' }).click()
  await expectToast(client, 'Email mismatch', 'You must sign in with the email address this invite was sent to.')
  await client.getByRole('button', { name: 'Sign In with Different Account' }).click()
  await expectOnPath(client, '/auth')
  await expect(client.getByRole('tabpanel', { name: 'Sign in' }).getByLabel('Email')).toHaveValue(forOther)
  expect((await (await client.request.get('/api/me')).json()).user).toBeNull()

  // Revoked by the coach.
  const revokedEmail = newEmail('revoked')
  const revokedLink = await invite(revokedEmail)
  await page.goto('/coach/clients')
  await page
    .getByRole('region', { name: 'Pending invites' })
    .getByRole('listitem', { name: revokedEmail })
    .getByRole('button', { name: 'Revoke', exact: true })
    .click()
  await expectToast(page, 'Invite revoked')
  await client.goto(revokedLink)
  await expectToast(client, 'Invalid invite', 'This invite link is invalid or has expired.')
  await expectOnPath(client, '/auth')

  // Past its 7 days.
  const expiredEmail = newEmail('expired')
  const expiredLink = await invite(expiredEmail)
  expect((await page.request.post('/api/testing/expire-invites', { data: { email: expiredEmail } })).status()).toBe(200)
  await client.goto(expiredLink)
  await expectToast(client, 'Invalid invite', 'This invite link is invalid or has expired.')
  await expectOnPath(client, '/auth')

  // A made-up token.
  await client.goto('/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  await expectToast(client, 'Invalid invite', 'This invite link is invalid or has expired.')
  await client.context().close()
})
