import type { Page } from '@playwright/test'
import { expect, expectOnPath, expectToast, newEmail, readMail, test } from './fixtures.ts'

const PASSWORD = 'Str0ngPassword'

async function fillSignIn(page: Page, email: string, password: string) {
  const form = page.getByRole('tabpanel', { name: 'Sign in' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign in' }).click()
}

async function fillSignUp(page: Page, email: string, password: string, confirm = password) {
  await page.getByRole('tab', { name: 'Create account' }).click()
  const form = page.getByRole('tabpanel', { name: 'Create account' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByLabel('Confirm password').fill(confirm)
  await form.getByRole('button', { name: 'Create account' }).click()
}

/** Signs up through the page and follows the confirmation link from the outbox. */
async function signUpAndConfirm(page: Page, email: string) {
  await page.goto('/auth')
  await fillSignUp(page, email, PASSWORD)
  await expectToast(
    page,
    'Account created!',
    'Please check your email to confirm your account, then return here to sign in.',
  )
  const mail = await readMail(page.request, email.toLowerCase(), /Confirm/)
  await page.goto(mail.links[0] ?? '')
}

test.describe('sign up', () => {
  test('sign up, confirm from the email, create the profile, land on home', async ({ page }) => {
    const email = newEmail('Newbie')
    await signUpAndConfirm(page, email.toUpperCase())
    await expectOnPath(page, '/create-profile')
    await page.getByLabel('Display name').fill('   ')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expect(page.getByText('Display name is required')).toBeVisible()

    await page.getByLabel('Display name').fill('Nina Newbie')
    await page.getByLabel('Primary goal (optional)').fill('First strict pull-up')
    await page.getByLabel('Experience level (optional)').selectOption('Beginner')
    await page.getByLabel('Weight unit').selectOption('kg')
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expectToast(page, 'Profile created successfully')
    await expectOnPath(page, '/home')
    const me = await (await page.request.get('/api/me')).json()
    expect(me.user.email).toBe(email.toLowerCase())
    expect(me.profile).toMatchObject({
      role: 'client',
      displayName: 'Nina Newbie',
      primaryGoal: 'First strict pull-up',
      experienceLevel: 'Beginner',
      unit: 'kg',
    })
  })

  test('every sign-up rule answers with its fixed message', async ({ page }) => {
    await page.goto('/auth')
    await fillSignUp(page, 'not-an-email', PASSWORD)
    await expectToast(page, 'Invalid email format', 'Please enter a valid email address.')
    await fillSignUp(page, newEmail('rules'), PASSWORD, 'Str0ngPasswor')
    await expectToast(page, 'Password mismatch', 'Please make sure your passwords match.')
    await fillSignUp(page, newEmail('rules'), 'Sh0rt')
    await expectToast(page, 'Password too short', 'Password must be at least 8 characters long.')
    await fillSignUp(page, newEmail('rules'), 'alllowercase1')
    await expectToast(page, 'Password too weak', 'Password must contain uppercase, lowercase, and numeric characters.')
    await fillSignUp(page, '', '')
    await expectToast(page, 'Missing credentials', 'Please enter both email and password.')
  })

  test('an email that already has an account is told to sign in', async ({ page, login }) => {
    const { email } = await login({ role: 'client' })
    await page.context().clearCookies()
    await page.goto('/auth')
    await fillSignUp(page, email, PASSWORD)
    await expectToast(page, 'Sign-up failed', 'An account with this email already exists. Try signing in instead.')
  })
})

test.describe('sign in', () => {
  test('wrong password, unconfirmed email, then the right password', async ({ page }) => {
    const email = newEmail('confirmlater')
    await page.goto('/auth')
    await fillSignUp(page, ` ${email.toUpperCase()}`, PASSWORD)
    await expectToast(page, 'Account created!')
    // Back on Sign in, with the address the account was created with.
    await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'Sign in' }).getByLabel('Email')).toHaveValue(email)

    await fillSignIn(page, email, PASSWORD)
    await expectToast(page, 'Sign-in failed', 'Please check your email and confirm your account')
    await fillSignIn(page, email, 'Wr0ngPassword')
    await expectToast(page, 'Sign-in failed', 'Invalid email or password')

    await page.goto((await readMail(page.request, email)).links[0] ?? '')
    await expectOnPath(page, '/create-profile')
    await page.getByRole('button', { name: 'Sign out' }).first().click()
    await expectOnPath(page, '/auth')
    await fillSignIn(page, `  ${email.toUpperCase()} `, PASSWORD)
    await expectToast(page, 'Welcome back!')
    await expectOnPath(page, '/home')
  })

  test('missing and malformed credentials never reach the server', async ({ page }) => {
    await page.goto('/auth')
    const calls: string[] = []
    page.on('request', (r) => r.url().includes('/api/auth/sign-in') && calls.push(r.url()))
    await fillSignIn(page, '', 'x')
    await expectToast(page, 'Missing credentials', 'Please enter both email and password.')
    await fillSignIn(page, 'nobody-at-example', 'Passw0rd!')
    await expectToast(page, 'Invalid email format', 'Please enter a valid email address.')
    expect(calls).toEqual([])
  })

  test('three quick failures throttle the form, and the server limit says so', async ({ page }) => {
    const email = newEmail('hammer')
    // The page's clock stands still, so 'within 2 seconds' holds however slow the machine is.
    let now = Date.now()
    await page.clock.setFixedTime(now)
    await page.goto('/auth')
    const region = page.getByRole('region', { name: /Notifications/ })
    for (let i = 0; i < 3; i++) {
      expect(await signInStatus(page, email, `Wr0ng${i}Password`)).toBe(401)
      const toast = region.getByRole('listitem').filter({ hasText: 'Invalid email or password' })
      await expect(toast).toHaveCount(1)
      await toast.getByRole('button', { name: 'Close toast' }).click()
      await expect(toast).toHaveCount(0)
    }
    const calls: string[] = []
    page.on('request', (r) => r.url().includes('/api/auth/sign-in') && calls.push(r.url()))
    await fillSignIn(page, email, 'Wr0ng3Password')
    await expectToast(page, 'Too many attempts', 'Please wait a moment before trying again.')
    expect(calls).toEqual([])

    // Two seconds later the form tries again. The e2e server allows 5 sign-ins per email and
    // window: the 4th and 5th are refused as wrong, the 6th by the limit.
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      now += 2100
      await page.clock.setFixedTime(now)
      statuses.push(await signInStatus(page, email, `Wr0ng${i}Again`))
    }
    expect(statuses).toEqual([401, 401, 429])
    await expectToast(page, 'Sign-in failed', 'Too many sign-in attempts. Please try again later.')
  })
})

/** Signs in through the form and answers the server's status once the form has handled it. */
async function signInStatus(page: Page, email: string, password: string): Promise<number> {
  const response = page.waitForResponse((r) => r.url().includes('/api/auth/sign-in/email'))
  await fillSignIn(page, email, password)
  const status = (await response).status()
  await expect(page.getByRole('tabpanel', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' })).toBeEnabled()
  return status
}

test.describe('magic link', () => {
  test('needs an email, then signs in from the emailed link', async ({ page, login }) => {
    const { email } = await login({ role: 'coach', displayName: 'Coach Magic' })
    await page.context().clearCookies()
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Email me a magic link' }).click()
    await expectToast(page, 'Email required', 'Please enter your email to continue.')

    await page.getByRole('tabpanel', { name: 'Sign in' }).getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Email me a magic link' }).click()
    await expectToast(page, 'Check your inbox')
    const link = (await readMail(page.request, email, /sign-in link/)).links[0] ?? ''
    expect(link).toContain('/auth/callback?type=magiclink&token=')

    await page.goto(link)
    await expectOnPath(page, '/coach')

    // The link works once.
    await page.context().clearCookies()
    await page.goto(link)
    await expectOnPath(page, '/auth')
    await expectToast(page, 'Sign-in link failed')
  })
})

test.describe('password reset', () => {
  test('request, follow the link, refuse a weak password, set a new one, sign in with it', async ({ page, login }) => {
    const { email } = await login({ role: 'client', displayName: 'Resetting Rita' })
    await page.context().clearCookies()
    await page.goto('/auth')
    await page.getByRole('link', { name: 'Forgot or set password?' }).click()
    await expectOnPath(page, '/auth/reset')
    await page.getByRole('button', { name: 'Send reset email' }).click()
    await expectToast(page, 'Email required', 'Please enter your email to continue.')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send reset email' }).click()
    await expectToast(page, 'Reset email sent')

    const link = (await readMail(page.request, email, /Reset/)).links[0] ?? ''
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('weakpassword1')
    await page.getByLabel('Confirm new password').fill('weakpassword1')
    await page.getByRole('button', { name: 'Update password' }).click()
    await expectToast(page, 'Password too weak', 'Password must contain uppercase, lowercase, and numeric characters.')

    await page.getByLabel('New password', { exact: true }).fill('Fr3shPassword')
    await page.getByLabel('Confirm new password').fill('Fr3shPassword')
    await page.getByRole('button', { name: 'Update password' }).click()
    await expectToast(page, 'Password updated!')
    await expectOnPath(page, '/auth')
    await fillSignIn(page, email, 'Fr3shPassword')
    await expectToast(page, 'Welcome back!')
    await expectOnPath(page, '/home')

    // A used link shows the link error.
    await page.goto(link)
    await expect(
      page.getByText('This password reset link is invalid or has already been used. Please request a new one.'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Request a new link' }).click()
    await expect(page.getByRole('button', { name: 'Send reset email' })).toBeVisible()
  })

  test('an expired reset link lands in link-error mode', async ({ page, login }) => {
    const { email } = await login({ role: 'client' })
    await page.context().clearCookies()
    await page.request.post('/api/auth/request-password-reset', { data: { email, redirectTo: '/auth/reset' } })
    const link = (await readMail(page.request, email, /Reset/)).links[0] ?? ''
    expect((await page.request.post('/api/testing/expire-links', { data: { email } })).status()).toBe(200)
    await page.goto(link)
    await expect(page.getByText('This password reset link has expired. Please request a new one.')).toBeVisible()
  })

  test('link errors read from the query or the hash', async ({ page }) => {
    await page.goto(
      '/auth/reset?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    )
    await expect(page.getByText('This password reset link has expired. Please request a new one.')).toBeVisible()
    await page.goto('/auth/reset#error=access_denied&error_description=whatever')
    await expect(
      page.getByText('This password reset link is invalid or has already been used. Please request a new one.'),
    ).toBeVisible()
    await page.goto('/auth/reset?error=server_error&error_description=The+link+broke')
    await expect(page.getByText('The link broke')).toBeVisible()
    await page.goto('/auth/reset?error=server_error')
    await expect(
      page.getByText('There was an error with your password reset link. Please request a new one.'),
    ).toBeVisible()
    await page.goto('/auth/reset?type=recovery&token=made-up')
    await expect(
      page.getByText('This password reset link is invalid or has already been used. Please request a new one.'),
    ).toBeVisible()
  })
})

test.describe('mail failures', () => {
  test('the server refusing a magic link or reset email shows the fixed failure titles', async ({ page, login }) => {
    const { email } = await login({ role: 'client' })
    await page.context().clearCookies()
    await page.goto('/auth')
    await page.getByRole('tabpanel', { name: 'Sign in' }).getByLabel('Email').fill(email)
    // The server sends at most 5 such emails per address and hour.
    for (let i = 0; i < 5; i++) {
      await page.getByRole('button', { name: 'Email me a magic link' }).click()
      await expect(
        page
          .getByRole('region', { name: /Notifications/ })
          .getByText('Check your inbox')
          .first(),
      ).toBeVisible()
      await expect(page.getByRole('button', { name: 'Email me a magic link' })).toBeEnabled()
    }
    await page.getByRole('button', { name: 'Email me a magic link' }).click()
    await expectToast(page, 'Failed to send magic link', 'Too many requests')

    await page.goto('/auth/reset')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send reset email' }).click()
    await expectToast(page, 'Failed to send reset email', 'Too many requests')
  })

  test('a reset link used elsewhere meanwhile fails with Failed to update password', async ({ page, login }) => {
    const { email } = await login({ role: 'client' })
    await page.context().clearCookies()
    await page.request.post('/api/auth/request-password-reset', { data: { email, redirectTo: '/auth/reset' } })
    const link = (await readMail(page.request, email, /Reset/)).links[0] ?? ''
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible()
    const token = new URL(link).searchParams.get('token')
    expect(
      (await page.request.post('/api/auth/reset-password', { data: { token, newPassword: 'Us3dElsewhere' } })).status(),
    ).toBe(200)

    await page.getByLabel('New password', { exact: true }).fill('Fr3shPassword')
    await page.getByLabel('Confirm new password').fill('Fr3shPassword')
    await page.getByRole('button', { name: 'Update password' }).click()
    await expectToast(page, 'Failed to update password')
  })
})

test.describe('callback and account', () => {
  test('a bad link on /auth/callback goes to /auth with the error', async ({ page }) => {
    await page.goto('/auth/callback?type=signup&token=forged')
    await expectOnPath(page, '/auth')
    await expectToast(page, 'Sign-in link failed')
  })

  test('the account page saves the profile and unit, and a client can become a coach', async ({ page, login }) => {
    await login({ role: 'client', displayName: 'Solo Sam' })
    await page.goto('/home')
    await page.getByRole('link', { name: 'Account' }).first().click()
    await expectOnPath(page, '/account')
    await page.getByLabel('Display name').fill('Sam Strong')
    await page.getByLabel('Weight unit').selectOption('lb')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expectToast(page, 'Profile saved')
    expect((await (await page.request.get('/api/me')).json()).profile).toMatchObject({
      displayName: 'Sam Strong',
      unit: 'lb',
    })

    await page.getByRole('button', { name: 'Become a coach' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, become a coach' }).click()
    await expectOnPath(page, '/coach')
    await expect(page.getByRole('heading', { level: 1, name: 'Coach dashboard' })).toBeVisible()
  })

  test('the account page changes the password with the same rules', async ({ page, login }) => {
    await login({ role: 'coach' })
    await page.goto('/account')
    await page.getByLabel('Current password').fill('Passw0rd!')
    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByLabel('Confirm new password').fill('short')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expectToast(page, 'Password too short', 'Password must be at least 8 characters long.')
    await page.getByLabel('New password', { exact: true }).fill('N3wCoachPass')
    await page.getByLabel('Confirm new password').fill('N3wCoachPass')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expectToast(page, 'Password updated!')
  })
})

for (const [locale, unit] of [
  ['en-US', 'lb'],
  ['en-GB', 'kg'],
] as const) {
  test.describe(`a new profile in ${locale}`, () => {
    test.use({ locale })
    test(`starts in ${unit}, as the region weighs`, async ({ page, login }) => {
      await login({ role: 'client', displayName: '', withProfile: false })
      await page.goto('/create-profile')
      await expect(page.getByLabel('Weight unit')).toHaveValue(unit)
      await page.getByLabel('Display name').fill('Lee Local')
      await page.getByRole('button', { name: 'Save profile' }).click()
      await expectOnPath(page, '/home')
      expect((await (await page.request.get('/api/me')).json()).profile).toMatchObject({
        displayName: 'Lee Local',
        unit,
      })
    })
  })
}
