import { startBuiltServer } from '../helpers/built-server.ts'

/**
 * Starts the real built server on a free port with a fresh DATA_DIR (embedded PostgreSQL),
 * the development outbox, and the test fixtures API that creates signed-in users directly.
 */
export default async function globalSetup() {
  const server = await startBuiltServer({
    // Low enough for the test that reaches 'Too many requests'; every test uses its own email.
    RATE_LIMIT_SIGN_IN_PER_EMAIL: '5',
  })
  process.env.E2E_BASE_URL = server.url
  return server.stop
}
