/**
 * Where a coach's demo link plays inside the app: a YouTube video in YouTube's privacy-enhanced
 * player (no cookies until it plays), a Vimeo video with Vimeo's 'do not track'. Other links open
 * in a new tab. The server's content security policy allows frames of these two players only.
 */
export type DemoEmbed = { src: string; host: 'YouTube' | 'Vimeo' }

const YOUTUBE_ID = /^[\w-]{11}$/

/** '1m30s', '90s' or '90' as seconds, for a YouTube link's start time. */
function startSeconds(value: string | null): number | null {
  if (!value) return null
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value)
  if (!match || !value) return null
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)
  return seconds > 0 ? seconds : null
}

export function embedOf(link: string): DemoEmbed | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.replace(/^(www|m)\./, '')
  const parts = url.pathname.split('/').filter(Boolean)
  let youtube: string | undefined
  if (host === 'youtu.be') youtube = parts[0]
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com')
    youtube =
      parts[0] === 'watch'
        ? (url.searchParams.get('v') ?? undefined)
        : ['embed', 'shorts', 'live'].includes(parts[0] ?? '')
          ? parts[1]
          : undefined
  if (youtube && YOUTUBE_ID.test(youtube)) {
    const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'))
    return {
      host: 'YouTube',
      src: `https://www.youtube-nocookie.com/embed/${youtube}${start ? `?start=${start}` : ''}`,
    }
  }
  const vimeo =
    host === 'vimeo.com'
      ? parts.find((p) => /^\d+$/.test(p))
      : host === 'player.vimeo.com' && parts[0] === 'video'
        ? parts[1]
        : undefined
  if (vimeo && /^\d{1,12}$/.test(vimeo)) return { host: 'Vimeo', src: `https://player.vimeo.com/video/${vimeo}?dnt=1` }
  return null
}
