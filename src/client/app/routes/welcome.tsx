import { BarChart3, CalendarRange, ClipboardList, Dumbbell, MessageCircle, Trophy, WifiOff, Users } from 'lucide-react'
import { Link } from 'react-router'
import { homeHrefFor, paths } from '#shared/paths.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'

const forCoaches = [
  {
    icon: ClipboardList,
    title: 'Build real plans',
    text: 'Multi-week training plans from a movement library: sets, rep ranges, %1RM or RPE targets, supersets, deloads and progressions.',
  },
  {
    icon: Users,
    title: 'Invite clients by email',
    text: 'Send a plan with the invite; your client accepts and starts training on the right day.',
  },
  {
    icon: BarChart3,
    title: 'See every set',
    text: 'Adherence, logged sets against what you prescribed, records and trends, and who missed their last sessions.',
  },
  {
    icon: MessageCircle,
    title: 'Coach in one place',
    text: 'Chat with each client and comment on a session or a single set.',
  },
]

const forLifters = [
  {
    icon: CalendarRange,
    title: "Today's workout, first",
    text: 'Open the app in the gym and see what to do today, with your last numbers beside each movement.',
  },
  {
    icon: Dumbbell,
    title: 'One tap per set',
    text: 'Prescribed numbers and last time’s are filled in: confirm a set with one tap and the rest timer starts.',
  },
  {
    icon: WifiOff,
    title: 'No signal, no problem',
    text: 'Every set is saved on your phone first and synced when you are back online. Nothing is lost.',
  },
  {
    icon: Trophy,
    title: 'Records that count',
    text: 'A summary after each session with volume, best sets, estimated 1RMs and new personal records.',
  },
]

export function WelcomePage() {
  const auth = useAuth()
  const signedIn = auth.status === 'authenticated'
  return (
    <div>
      <section className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center md:py-24">
        <p className="rounded-full border px-3 py-1 text-sm text-muted-foreground">
          For strength coaches and the lifters they train
        </p>
        <h1 className="text-4xl font-bold tracking-tight text-balance md:text-6xl">
          Program it. Lift it. Log every set.
        </h1>
        <p className="max-w-2xl text-lg text-balance text-muted-foreground">
          Coachline connects coaches and clients around training plans: coaches build the plan and watch every logged
          set, lifters see today&apos;s workout and log it in seconds, even with no signal.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {signedIn ? (
            <Button asChild size="lg">
              <Link to={homeHrefFor(auth.profile.role)}>Open Coachline</Link>
            </Button>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to={paths.auth.login.getHref()} state={{ tab: 'sign-up' }}>
                  Get started
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.auth.login.getHref()}>Sign in</Link>
              </Button>
            </>
          )}
        </div>
      </section>

      <section className="border-t bg-muted/40">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-2">
          <FeatureList heading="For coaches" items={forCoaches} />
          <FeatureList heading="For lifters" items={forLifters} />
        </div>
      </section>

      <section className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h2 className="text-2xl font-semibold tracking-tight">How it works</h2>
        <ol className="grid gap-4 text-left sm:grid-cols-4">
          {[
            'Your coach builds a plan',
            'You accept the email invite',
            'You train and log each set',
            'Your coach sees it and adjusts',
          ].map((step, i) => (
            <li key={step} className="rounded-lg border bg-card p-4 text-sm">
              <span className="mb-2 block text-2xl font-bold text-primary">{i + 1}</span>
              {step}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

function FeatureList({ heading, items }: { heading: string; items: typeof forCoaches }) {
  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-2xl font-semibold tracking-tight">{heading}</h2>
      <ul className="flex flex-col gap-5">
        {items.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h3 className="font-medium">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
