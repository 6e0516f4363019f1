import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { Notice } from '#shared/app-text.ts'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { AuthCard } from '#client/features/auth/components/auth-card.tsx'
import { SignInForm } from '#client/features/auth/components/sign-in-form.tsx'
import { SignUpForm } from '#client/features/auth/components/sign-up-form.tsx'
import { notify } from '#client/lib/notify.ts'

type Tab = 'sign-in' | 'sign-up'
/** What other pages hand to /auth: the tab to open, the email to fill in (an invite's), or an error to show (from /auth/callback). */
export type AuthPageState = { tab?: Tab; email?: string; notice?: Notice } | null

export function AuthPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const state = location.state as AuthPageState
  const [tab, setTab] = useState<Tab>(state?.tab ?? 'sign-in')
  // Each tab's form mounts afresh when shown and starts from this email.
  const [email, setEmail] = useState(typeof state?.email === 'string' ? state.email : '')

  useEffect(() => {
    if (!state?.notice) return
    notify.error(state.notice)
    void navigate(location.pathname, { replace: true, state: { tab: state.tab } })
  }, [state, navigate, location.pathname])

  return (
    <AuthCard title="Welcome to Coachline" description="Sign in, or create an account to start training.">
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList>
          <TabsTrigger value="sign-in">Sign in</TabsTrigger>
          <TabsTrigger value="sign-up">Create account</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <SignInForm email={email} />
        </TabsContent>
        <TabsContent value="sign-up">
          <SignUpForm
            email={email}
            onCreated={(created) => {
              setEmail(created)
              setTab('sign-in')
            }}
          />
        </TabsContent>
      </Tabs>
    </AuthCard>
  )
}
