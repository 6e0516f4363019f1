import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { inviteApiText } from '#shared/schemas/invites.ts'
import { Button } from '#client/components/ui/button.tsx'
import { notify } from '#client/lib/notify.ts'

/** Copies an invite link; where the clipboard is refused, the link is shown to copy by hand. */
export function CopyLinkButton({ link, label }: { link: string; label: string }) {
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      notify.success({ title: inviteApiText.copied })
      setTimeout(() => setCopied(false), 2000)
    } catch {
      window.prompt('Copy the invite link', link)
    }
  }
  return (
    <Button variant="outline" size="sm" aria-label={label} onClick={() => void copy()}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />} Copy link
    </Button>
  )
}
