import { BUILTIN_MOVEMENTS } from '#server/features/movements/builtin-movements.ts'
import { seedBuiltinMovements } from '#server/features/movements/movements.service.ts'
import type { Database } from '#server/db/client.ts'

/** Everything a database needs before the app serves from it: the migrations, then the built-in data. */
export async function prepareDatabase(database: Database, migrationsFolder: string): Promise<void> {
  await database.migrate(migrationsFolder)
  await seedBuiltinMovements(database.db, BUILTIN_MOVEMENTS)
}
