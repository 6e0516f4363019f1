import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    restoreMocks: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console.ts'],
          globalSetup: ['tests/setup/test-database.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The web app's pure logic (drafts, formatting); screens are covered by the browser tests.
          name: 'client',
          environment: 'node',
          include: ['src/client/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
          globalSetup: ['tests/setup/test-database.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The built server as a process: killed, stopped, started twice, its database cut off.
          name: 'process',
          environment: 'node',
          include: ['tests/process/**/*.test.ts'],
          globalSetup: ['tests/process/global-setup.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
})
