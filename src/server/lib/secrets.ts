import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { appSecrets } from '#server/db/schema/index.ts'

/**
 * A secret the server keeps in its own database when the operator sets none: every instance
 * on one database agrees on it, and it survives restarts. Setting the variable is still better.
 * `make` gives a new value (48 random bytes unless said); the first server to store one wins.
 */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  make: () => string = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing()
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  if (!row) throw new Error(`secret ${name} could not be stored`)
  return row.value
}
