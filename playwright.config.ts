import { defineConfig, devices } from '@playwright/test'
import type { PhotoStorageOption } from './tests/e2e/fixtures.ts'

/** Debian's Chromium: Playwright cannot download its own browser here (docs/stack-notes.md#browser-tests). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig<PhotoStorageOption>({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // One browser at a time: on a two-core machine two workers took longer in all (the server,
  // two Chromiums and the runner fight for the cores) and pushed long tests past their limit.
  workers: process.env.CI ? 1 : undefined,
  // On CI a test gets one more try, and scripts/test.mjs names every test that needed it (FLAKY):
  // a rare race of the machine should not hold back a change, and must still be seen and fixed.
  retries: process.env.CI ? 1 : 0,
  // A limit for a stuck test, not a speed check: a busy CI machine runs a long story slowly.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium-desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/ },
    { name: 'chromium-phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
    // The photo tests again, on a server that keeps photos in S3-compatible storage.
    {
      name: 'chromium-s3',
      use: { ...devices['Desktop Chrome'], channel: undefined, photoStorage: 's3' },
      grep: /@photos/,
    },
  ],
})
