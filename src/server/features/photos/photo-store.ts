import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import { createReadStream } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import * as Minio from 'minio'
import type { Env } from '#server/lib/env.ts'

/**
 * Where the images of progress photos live (docs/progress-photos.md#storage): files in the data
 * folder by default, or an S3-compatible bucket that several app servers share. Keys are made by
 * the server alone (`<lifter id>/<photo id>-<size>.jpg`), never from what a request says.
 */
export type PhotoStore = {
  kind: 'disk' | 's3'
  put: (key: string, bytes: Buffer) => Promise<void>
  /** The stored image as a stream and its length, or null when there is none. */
  get: (key: string) => Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>
  /** Deletes these keys; a key already gone is no error. */
  remove: (keys: string[]) => Promise<void>
  /** Deletes every key under `prefix/` (a lifter's photos when their account goes). */
  removeAll: (prefix: string) => Promise<void>
}

/** A key part (an id): letters, digits, dashes and underscores only, so no key can leave its folder. */
const SAFE_PART = /^[\w-]{1,128}$/
export function photoKey(lifterId: string, photoId: string, size: string): string {
  for (const part of [lifterId, photoId, size])
    if (!SAFE_PART.test(part)) throw new Error(`unsafe photo key part: ${part}`)
  return `${lifterId}/${photoId}-${size}.jpg`
}
const checkKey = (key: string) => {
  if (!/^[\w-]{1,128}\/[\w-]{1,200}\.jpg$/.test(key)) throw new Error(`unsafe photo key: ${key}`)
}
const checkPrefix = (prefix: string) => {
  if (!SAFE_PART.test(prefix)) throw new Error(`unsafe photo prefix: ${prefix}`)
}

/** The store the environment asks for: S3 when S3_BUCKET is set, else `DATA_DIR/photos`. */
export function createPhotoStore(env: Env): PhotoStore {
  if (env.S3_BUCKET) return s3PhotoStore(s3SettingsOf(env))
  return diskPhotoStore(join(env.DATA_DIR, 'photos'))
}

/**
 * Files under `root`. A file is written beside its place and renamed into it once complete and
 * synced, so a crash never leaves half an image under a photo's key.
 */
function diskPhotoStore(root: string): PhotoStore {
  const base = resolve(root)
  const pathOf = (key: string) => {
    checkKey(key)
    return join(base, key)
  }
  return {
    kind: 'disk',
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      const partial = `${path}.${randomUUID()}.part`
      const file = await open(partial, 'w', 0o600)
      try {
        await file.writeFile(bytes)
        await file.sync()
      } finally {
        await file.close()
      }
      await rename(partial, path)
    },
    async get(key) {
      const path = pathOf(key)
      const size = await stat(path).then(
        (s) => s.size,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null
          throw error
        },
      )
      if (size === null) return null
      return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, size }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })))
    },
    async removeAll(prefix) {
      checkPrefix(prefix)
      await rm(join(base, prefix), { recursive: true, force: true })
    },
  }
}

type S3Settings = {
  endpoint: URL
  bucket: string
  accessKey: string
  secretKey: string
  region: string
  pathStyle?: boolean
}

/** The S3 settings of the environment; S3_BUCKET without the rest is refused at start, naming what is missing. */
function s3SettingsOf(env: Env): S3Settings {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKey, S3_SECRET_ACCESS_KEY: secretKey } = env
  if (!bucket || !endpoint || !accessKey || !secretKey) {
    const missing = Object.entries({
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: accessKey,
      S3_SECRET_ACCESS_KEY: secretKey,
    })
      .filter(([, value]) => !value)
      .map(([name]) => name)
    throw new Error(`S3_BUCKET is set, so photos go to S3-compatible storage: set ${missing.join(' and ')} too`)
  }
  return {
    endpoint: new URL(endpoint),
    bucket,
    accessKey,
    secretKey,
    region: env.S3_REGION,
    pathStyle: env.S3_PATH_STYLE,
  }
}

/** How many keys one delete request names (S3 takes at most 1000). */
const DELETE_BATCH = 1000

/** A bucket of an S3-compatible service (AWS S3, MinIO, Garage, R2 ...), through MinIO's client. */
function s3PhotoStore(settings: S3Settings): PhotoStore {
  const useSSL = settings.endpoint.protocol === 'https:'
  const client = new Minio.Client({
    endPoint: settings.endpoint.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: settings.endpoint.port ? Number(settings.endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    region: settings.region,
    ...(settings.pathStyle === undefined ? {} : { pathStyle: settings.pathStyle }),
  })
  const { bucket } = settings
  const removeKeys = async (keys: string[]) => {
    for (let i = 0; i < keys.length; i += DELETE_BATCH)
      await client.removeObjects(bucket, keys.slice(i, i + DELETE_BATCH))
  }
  return {
    kind: 's3',
    async put(key, bytes) {
      checkKey(key)
      await client.putObject(bucket, key, bytes, bytes.length, { 'Content-Type': 'image/jpeg' })
    },
    async get(key) {
      checkKey(key)
      try {
        const { size } = await client.statObject(bucket, key)
        const body = await client.getObject(bucket, key)
        return { body: Readable.toWeb(body) as ReadableStream<Uint8Array>, size }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async remove(keys) {
      keys.forEach(checkKey)
      await removeKeys(keys)
    },
    async removeAll(prefix) {
      checkPrefix(prefix)
      const keys: string[] = []
      for await (const item of client.listObjectsV2(bucket, `${prefix}/`, true) as AsyncIterable<{ name?: string }>)
        if (item.name) keys.push(item.name)
      await removeKeys(keys)
    },
  }
}

const isMissing = (error: unknown) =>
  error instanceof Error && ['NoSuchKey', 'NotFound'].includes((error as { code?: string }).code ?? '')
