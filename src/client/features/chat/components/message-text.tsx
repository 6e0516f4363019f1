import { linkify } from '../linkify.ts'

/**
 * A message body as text (React escapes it; no HTML is ever injected), with web addresses as
 * links that open apart from the app and tell the target nothing about it.
 */
export function MessageText({ body }: { body: string }) {
  return (
    <>
      {linkify(body).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  )
}
