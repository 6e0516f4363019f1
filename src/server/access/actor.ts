import type { Role } from '#shared/paths.ts'

/** Who makes a request, as the server's services receive it (docs/glossary.md: actor). */
export type Actor = { id: string; role: Role }
