import { Smartphone } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { notify } from '#client/lib/notify.ts'
import { installText } from '../install-text.ts'
import { promptInstall, useInstallWay } from '../install-prompt.ts'

const DISMISSED_KEY = 'coachline.install-offer-dismissed-at'
/** "Not now" holds the offer back this long. */
const QUIET_DAYS = 30

function dismissedLately(): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY))
    return at > 0 && Date.now() - at < QUIET_DAYS * 86_400_000
  } catch {
    return false
  }
}

/**
 * The offer to put Coachline on the home screen, made to a lifter after a workout (never on the
 * landing page): the browser's own prompt where it has one, the Share-menu steps on an iPhone.
 * Not shown where the app is installed already or cannot be, nor for a month after "Not now".
 */
export function InstallOffer() {
  const way = useInstallWay()
  const [dismissed, setDismissed] = useState(dismissedLately)
  if (!way || dismissed) return null

  function notNow() {
    try {
      localStorage.setItem(DISMISSED_KEY, String(Date.now()))
    } catch {
      // Private browsing: the offer stays hidden for this visit.
    }
    setDismissed(true)
  }

  async function install() {
    if (await promptInstall()) notify.success({ title: installText.installed })
  }

  return (
    <Card role="region" aria-labelledby="install-offer-title">
      <CardHeader>
        <CardTitle id="install-offer-title" className="flex items-center gap-2">
          <Smartphone aria-hidden className="size-5" /> {installText.title}
        </CardTitle>
        <CardDescription>{installText.why}</CardDescription>
      </CardHeader>
      {way === 'ios-steps' && (
        <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
          {installText.iosSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-2">
        {way === 'prompt' && <Button onClick={() => void install()}>{installText.install}</Button>}
        <Button variant="outline" onClick={notNow}>
          {installText.notNow}
        </Button>
      </div>
    </Card>
  )
}
