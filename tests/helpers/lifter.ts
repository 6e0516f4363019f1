import { randomUUID } from 'node:crypto'

/** A lifter with an open session on a running server, made through the test fixtures API. */
export type Lifter = { url: string; headers: Record<string, string>; sessionId: string; exerciseKey: string }

export async function newLifter(url: string): Promise<Lifter> {
  const email = `lifter-${randomUUID()}@example.test`
  const created = await fetch(`${url}/api/testing/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role: 'client', displayName: 'Lifter' }),
  })
  if (created.status !== 201) throw new Error(`could not create a lifter: ${created.status} ${await created.text()}`)
  const cookie = created.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const headers = { cookie, 'content-type': 'application/json', origin: url }
  const found = (await (await fetch(`${url}/api/movements?q=back%20squat&limit=1`, { headers })).json()) as { items: { id: string; name: string }[] }
  const movement = found.items[0]
  if (!movement) throw new Error('no movement to log')
  const session = (await (await fetch(`${url}/api/sessions`, { method: 'POST', headers, body: '{}' })).json()) as { id: string }
  const exerciseKey = randomUUID()
  const exercise = { key: exerciseKey, movementId: movement.id, movementName: movement.name, tracking: 'weight_reps', prescriptionId: null, superset: null, restSeconds: 90, notes: null, targets: [] }
  const patched = await fetch(`${url}/api/sessions/${session.id}`, { method: 'PATCH', headers, body: JSON.stringify({ exercises: [exercise] }) })
  if (!patched.ok) throw new Error(`could not prepare a session: ${patched.status}`)
  return { url, headers, sessionId: session.id, exerciseKey }
}

/** Logs one set; the answer's status (0 when no answer came: the server was gone). */
export async function logSet(lifter: Lifter, setId: string, setNumber: number, inspect: (res: Response) => void = () => {}): Promise<number> {
  try {
    const res = await fetch(`${lifter.url}/api/sessions/${lifter.sessionId}/sets/${setId}`, {
      method: 'PUT',
      headers: lifter.headers,
      body: JSON.stringify({ exerciseKey: lifter.exerciseKey, setNumber, reps: 5, loadKg: 100, rpe: 8, editedAt: new Date().toISOString() }),
      signal: AbortSignal.timeout(15_000),
    })
    await res.arrayBuffer()
    inspect(res)
    return res.status
  } catch {
    return 0
  }
}

/** The ids of the sets the server has stored in the lifter's session. */
export async function storedSetIds(lifter: Lifter, url = lifter.url): Promise<Set<string>> {
  const res = await fetch(`${url}/api/sessions/${lifter.sessionId}`, { headers: { ...lifter.headers, origin: url } })
  if (!res.ok) throw new Error(`could not read the session: ${res.status}`)
  const session = (await res.json()) as { sets: { id: string }[] }
  return new Set(session.sets.map((s) => s.id))
}
