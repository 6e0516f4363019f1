import { apiTokenText } from '../../src/shared/schemas/api-tokens.ts'
import { expectAccessible } from './axe.ts'
import { expect, expectToast, test } from './fixtures.ts'

test.describe('API tokens on the account page', () => {
  test('make a read token, see it once, call the API with it, revoke it @phone', async ({ page, login }) => {
    await login({ role: 'client' })
    await page.goto('/account')
    const card = page.getByRole('heading', { name: apiTokenText.title }).locator('..').locator('..')
    await expect(card.getByText(apiTokenText.none)).toBeVisible()

    await card.getByRole('textbox', { name: apiTokenText.nameLabel }).fill('Spreadsheet sync')
    await expect(card.getByRole('radio', { name: apiTokenText.scopes.read })).toBeChecked()
    await card.getByRole('button', { name: apiTokenText.create }).click()

    const dialog = page.getByRole('dialog', { name: apiTokenText.created })
    await expect(dialog.getByText(apiTokenText.shownOnce)).toBeVisible()
    const field = dialog.getByRole('textbox', { name: `Spreadsheet sync (${apiTokenText.scopes.read})` })
    await expect(field).toHaveValue(/^coachline_pat_[\w-]{43}$/)
    const secret = await field.inputValue()
    await expectAccessible(page, 'the account page showing a new token')
    await dialog.getByRole('button', { name: apiTokenText.done }).click()
    await expect(dialog).toBeHidden()

    // Shown once: neither the list nor a reload shows the secret again.
    const item = page.getByRole('listitem', { name: 'Spreadsheet sync' })
    await expect(item.getByText(apiTokenText.neverUsed)).toBeVisible()
    await expect(page.getByText(secret)).toHaveCount(0)
    await page.reload()
    await expect(item).toBeVisible()
    expect(await page.content()).not.toContain(secret)
    await expectAccessible(page, 'the account page listing a token')

    // The token calls the API as its user; page.request also carries the cookie, which a token call ignores.
    const bearer = { authorization: `Bearer ${secret}` }
    const list = await page.request.get('/api/sessions', { headers: bearer })
    expect(list.status()).toBe(200)
    expect(await list.json()).toEqual([])
    const write = await page.request.post('/api/sessions', { headers: bearer, data: {} })
    expect(write.status()).toBe(403)
    expect(await write.json()).toMatchObject({ code: 'FORBIDDEN', message: apiTokenText.readOnly })
    const mint = await page.request.get('/api/tokens', { headers: bearer })
    expect(mint.status()).toBe(403)

    await page.reload()
    await expect(item.getByText(/^.*Last used/)).toBeVisible()
    await item.getByRole('button', { name: apiTokenText.revoke('Spreadsheet sync') }).click()
    const confirm = page.getByRole('dialog', { name: apiTokenText.revokeTitle })
    await expect(confirm.getByText(apiTokenText.revokeDescription('Spreadsheet sync'))).toBeVisible()
    await confirm.getByRole('button', { name: apiTokenText.revokeConfirm }).click()
    await expectToast(page, apiTokenText.revoked, 'Spreadsheet sync')
    await expect(page.getByText(apiTokenText.none)).toBeVisible()

    const refused = await page.request.get('/api/sessions', { headers: bearer })
    expect(refused.status()).toBe(401)
    expect(await refused.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: apiTokenText.unknownToken })
    // The cookie alone still signs the page in.
    expect((await page.request.get('/api/sessions')).status()).toBe(200)
  })

  test('the account page opens the API reference, from the same server', async ({ page, login }) => {
    await login({ role: 'coach' })
    await page.goto('/account')
    const [reference] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: apiTokenText.docsLink }).click(),
    ])
    await expect(reference).toHaveURL(/\/api\/docs$/)
    // The page itself is tested in api-docs.spec.ts.
    await expect(reference.getByRole('heading', { level: 1, name: /Coachline API/ })).toBeVisible()
    await reference.getByRole('heading', { name: /^sessions / }).click()
    await reference.getByRole('button', { name: /^PUT \/api\/sessions\/\{id\}\/sets\/\{setId\}/ }).click()
    await expect(reference.getByRole('heading', { name: /^Request body/ }).first()).toBeVisible()
    await expectAccessible(reference, 'the API reference')
  })
})
