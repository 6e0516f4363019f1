import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { ProgressView } from '#client/features/progress/components/progress-view.tsx'

/** /progress: the lifter's own progress, with body weight logging. */
export function ProgressPage() {
  const auth = useAuth()
  if (auth.status !== 'authenticated') return null
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Progress</h1>
        <p className="text-sm text-muted-foreground">
          Your estimated maxes, weekly volume, records, effort, body weight and photos.{' '}
          <Link to={paths.client.checkIns.getHref()} className="underline">
            Your check-ins
          </Link>
        </p>
      </div>
      <ProgressView unit={auth.profile.unit} canLogBodyWeight userId={auth.user.id} />
    </section>
  )
}
