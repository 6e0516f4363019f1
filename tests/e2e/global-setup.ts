import { startBuiltServer } from '../helpers/built-server.ts'
import { startS3Server } from '../helpers/s3-server.ts'

/**
 * Starts the real built server on a free port with a fresh DATA_DIR (embedded PostgreSQL),
 * the development outbox, and the test fixtures API that creates signed-in users directly; and a
 * second one that keeps progress photos on an S3-protocol server started here, for the photo
 * tests' second run (the `chromium-s3` project).
 */
export default async function globalSetup() {
  // Low enough for the test that reaches 'Too many requests'; every test uses its own email.
  const limits = { RATE_LIMIT_SIGN_IN_PER_EMAIL: '5' }
  const s3 = await startS3Server()
  const [server, onS3] = await Promise.all([startBuiltServer(limits), startBuiltServer({ ...limits, ...s3.env })])
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_S3_BASE_URL = onS3.url
  return async () => {
    await Promise.all([server.stop(), onS3.stop()])
    await s3.close()
  }
}
