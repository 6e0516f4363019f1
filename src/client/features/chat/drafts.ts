/** What was typed but not sent, per user and conversation, so it survives navigation and reloads. */
const draftKey = (userId: string, otherId: string) => `coachline-chat-draft:${userId}:${otherId}`

export function readDraft(userId: string, otherId: string): string {
  try {
    return localStorage.getItem(draftKey(userId, otherId)) ?? ''
  } catch {
    return ''
  }
}

export function saveDraft(userId: string, otherId: string, text: string) {
  try {
    if (text) localStorage.setItem(draftKey(userId, otherId), text)
    else localStorage.removeItem(draftKey(userId, otherId))
  } catch {
    // Storage full or blocked: the draft lives as long as the screen.
  }
}
