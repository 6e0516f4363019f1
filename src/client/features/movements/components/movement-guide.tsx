import { useQuery } from '@tanstack/react-query'
import { BookOpen, ExternalLink } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { movementQueries } from '../api/movement-queries.ts'
import { embedOf } from '../demo-embed.ts'
import { guideText } from '../guide-text.ts'

/** How to do a movement: its instructions and its demo link, when the caller has them already. */
type Guide = { instructions: string | null; videoUrl: string | null }

type Props = {
  /** The exercise as the screen names it ('2 Back squat'), for the button's name. */
  name: string
  movementName: string
  movementId: string
  /** What the caller has of the guide (a session carries it for the gym); without it, it is read on opening. */
  guide?: Guide | undefined
}

/**
 * The 'How to' button of an exercise and its dialog: the movement's coaching cues and the coach's
 * demo video, played in place where its host allows, else a link.
 */
export function HowToButton({ name, movementName, movementId, guide }: Props) {
  const [open, setOpen] = useState(false)
  const headingId = useId()
  const read = useQuery({ ...movementQueries.detail(movementId), enabled: open && !guide })
  const shown: Guide | undefined =
    guide ?? (read.data && { instructions: read.data.instructions, videoUrl: read.data.videoUrl })
  const lines = (shown?.instructions ?? '').split('\n').filter((line) => line.trim())
  const embed = shown?.videoUrl ? embedOf(shown.videoUrl) : null
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={guideText.buttonName(name)}>
          <BookOpen aria-hidden /> {guideText.button}
        </Button>
      </DialogTrigger>
      <DialogContent size="wide">
        <DialogTitle>{guideText.title(movementName)}</DialogTitle>
        <DialogDescription>{shown?.videoUrl ? guideText.withDemo : guideText.cuesOnly}</DialogDescription>
        {!shown && read.isPending && <p className="text-sm text-muted-foreground">{guideText.loading}</p>}
        {!shown && read.isError && (
          <p role="alert" className="text-sm">
            {guideText.loadFailed}
          </p>
        )}
        {embed && (
          <div className="aspect-video w-full overflow-hidden rounded-lg bg-muted">
            <iframe
              src={embed.src}
              title={guideText.frame(movementName)}
              className="size-full"
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              allow="encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          </div>
        )}
        {shown?.videoUrl && (
          <a
            href={shown.videoUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1 self-start text-sm text-primary underline"
          >
            {embed ? guideText.openOn(embed.host) : guideText.watch} <ExternalLink className="size-3.5" aria-hidden />
          </a>
        )}
        {lines.length > 0 ? (
          <section aria-labelledby={`${headingId}-cues`}>
            <h3 id={`${headingId}-cues`} className="mb-1 text-sm font-medium">
              {guideText.cues}
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {lines.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          </section>
        ) : (
          shown && !shown.videoUrl && <p className="text-sm text-muted-foreground">{guideText.noCues}</p>
        )}
      </DialogContent>
    </Dialog>
  )
}
