import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

/** The keys the tests' S3 server takes (its own defaults). */
const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export type S3TestServer = {
  /** The settings the app reads for it (S3_*). */
  env: Record<string, string>
  /** The folder the server keeps its objects in: what a test reads to see what was stored. */
  directory: string
  close: () => Promise<void>
}

/**
 * A real S3-protocol server on loopback (s3rver: the S3 REST API over files in a folder), with
 * one empty bucket, for the tests of photo storage on S3-compatible services.
 */
export async function startS3Server(bucket = 'coachline-photos'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'coachline-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
    },
    directory,
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
