/** A signed-in lifter with a session to log sets into, made through the test fixtures API. */
export type Lifter = { cookie: string; sessionId: string; exerciseKey: string }

function jsonHeaders(url: string, cookie: string): Record<string, string> {
  return { cookie, 'content-type': 'application/json', origin: url }
}

/** A client user, signed in (the fixtures API sets the session cookie). */
export async function signIn(
  url: string,
  role: 'coach' | 'client' = 'client',
): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${url}/api/testing/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `process-${role}-${crypto.randomUUID()}@example.test`,
      role,
      displayName: `Process ${role}`,
    }),
  })
  if (res.status !== 201) throw new Error(`could not create a ${role}: ${res.status} ${await res.text()}`)
  const { id } = (await res.json()) as { id: string }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { id, cookie }
}

/** A client with a started session holding one exercise. */
export async function lifterWithSession(url: string): Promise<Lifter> {
  const { cookie } = await signIn(url, 'client')
  const headers = jsonHeaders(url, cookie)
  const found = (await (await fetch(`${url}/api/movements?q=back%20squat&limit=1`, { headers })).json()) as {
    items: { id: string; name: string }[]
  }
  const movement = found.items[0]
  if (!movement) throw new Error('no movement to log')
  const started = await fetch(`${url}/api/sessions`, { method: 'POST', headers, body: '{}' })
  if (started.status !== 201) throw new Error(`could not start a session: ${started.status}`)
  const { id: sessionId } = (await started.json()) as { id: string }
  const exerciseKey = crypto.randomUUID()
  const exercise = {
    key: exerciseKey,
    movementId: movement.id,
    movementName: movement.name,
    tracking: 'weight_reps',
    prescriptionId: null,
    superset: null,
    restSeconds: 90,
    notes: null,
    targets: [],
  }
  const patched = await fetch(`${url}/api/sessions/${sessionId}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ exercises: [exercise] }),
  })
  if (!patched.ok) throw new Error(`could not add an exercise: ${patched.status}`)
  return { cookie, sessionId, exerciseKey }
}

/** Logs one set; resolves to the answer's status (`inspect` may read the answer's headers). */
export async function logSet(
  url: string,
  lifter: Lifter,
  setId: string,
  i: number,
  inspect: (res: Response) => void = () => {},
): Promise<number> {
  const res = await fetch(`${url}/api/sessions/${lifter.sessionId}/sets/${setId}`, {
    method: 'PUT',
    headers: jsonHeaders(url, lifter.cookie),
    body: JSON.stringify({
      exerciseKey: lifter.exerciseKey,
      setNumber: 1 + (i % 50),
      reps: 5,
      loadKg: 100 + (i % 20),
      editedAt: new Date().toISOString(),
    }),
  })
  await res.arrayBuffer()
  inspect(res)
  return res.status
}

/** The ids of the sets a session holds. */
export async function setIdsOf(url: string, lifter: Lifter): Promise<Set<string>> {
  const res = await fetch(`${url}/api/sessions/${lifter.sessionId}`, { headers: jsonHeaders(url, lifter.cookie) })
  if (res.status !== 200) throw new Error(`could not read the session: ${res.status} ${await res.text()}`)
  const session = (await res.json()) as { sets: { id: string }[] }
  return new Set(session.sets.map((s) => s.id))
}
