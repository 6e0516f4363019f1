import { expect, test } from 'vitest'
import { embedOf } from './demo-embed.ts'

test.each([
  ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  ['https://youtu.be/dQw4w9WgXcQ?t=90', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
  ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=65'],
  ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
  ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
])('%s plays in the privacy-enhanced player', (link, src) => {
  expect(embedOf(link)?.src).toBe(src)
})

test.each([
  'https://example.com/squat.mp4',
  'https://www.youtube.com/watch?v=short',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
  'javascript:alert(1)',
  'not a link',
])('%s is opened as a link, never framed', (link) => {
  expect(embedOf(link)).toBeNull()
})
