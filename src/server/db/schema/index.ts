// The one barrel of the server: drizzle and better-auth's adapter need every table.
export * from './auth.ts'
export * from './profiles.ts'
export * from './system.ts'
export * from './mail.ts'
export * from './rate-limits.ts'
export * from './coaching.ts'
export * from './movements.ts'
export * from './programs.ts'
