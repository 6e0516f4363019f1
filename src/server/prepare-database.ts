import { BUILTIN_MOVEMENTS } from '#server/features/movements/builtin-movements.ts'
import { seedBuiltinMovements } from '#server/features/movements/movements.service.ts'
import type { Database } from '#server/db/client.ts'
import { analyzeAll, analyzeStale } from '#server/db/statistics.ts'

/**
 * Everything a database needs before the app serves from it: the migrations, the built-in data,
 * and planner statistics that describe what is there (all tables after a migration, which may
 * add the indexes and columns queries plan on; otherwise those never sampled).
 */
export async function prepareDatabase(database: Database, migrationsFolder: string): Promise<void> {
  const applied = await database.migrate(migrationsFolder)
  await seedBuiltinMovements(database.db, BUILTIN_MOVEMENTS)
  await (applied > 0 ? analyzeAll(database.db) : analyzeStale(database.db))
}
