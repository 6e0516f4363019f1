import { useQuery } from '@tanstack/react-query'
import { ChevronLeft } from 'lucide-react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { chatText } from '#client/features/chat/chat-text.ts'
import { Conversation } from '#client/features/chat/components/conversation.tsx'
import { clientQueries } from '#client/features/clients/api/client-queries.ts'
import { clientsText } from '#client/features/clients/clients-text.ts'
import {
  ClientOverview,
  ClientPlan,
  ClientProgress,
  ClientSessions,
} from '#client/features/clients/components/client-detail.tsx'
import { ArchiveClientButton } from '#client/features/clients/components/client-roster.tsx'
import { ClientExportLinks } from '#client/features/data-export/components/client-export-links.tsx'
import { ClientHabits } from '#client/features/habits/components/client-habits.tsx'
import { ClientCheckIns } from '#client/features/check-ins/components/client-check-ins.tsx'

const TABS = ['overview', 'progress', 'sessions', 'plan', 'check-ins', 'habits', 'chat'] as const
type Tab = (typeof TABS)[number]
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab)

/** /coach/clients/{clientId}: one client's page, its sections as tabs (?tab=), each read when opened. */
export function ClientPage() {
  const { clientId = '' } = useParams()
  const auth = useAuth()
  const [params, setParams] = useSearchParams()
  const tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'overview'
  const summary = useQuery(clientQueries.summary(clientId))
  const navigate = useNavigate()
  const back = (
    <Link
      to={paths.coach.clients.getHref()}
      className="inline-flex items-center gap-0.5 text-sm text-muted-foreground hover:text-foreground"
    >
      <ChevronLeft className="size-4" aria-hidden />
      {clientsText.allClients}
    </Link>
  )
  if (summary.isPending) return <p className="text-muted-foreground">Loading…</p>
  if (summary.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <LoadError error={summary.error} what="client" />
      </div>
    )
  const { client } = summary.data
  const about = [client.primaryGoal, client.experienceLevel, client.email].filter(Boolean).join(' · ')
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words">{client.displayName}</h1>
            <p className="text-sm break-words text-muted-foreground">{about}</p>
          </div>
          <div className="flex flex-wrap gap-1">
            <ClientExportLinks clientId={client.clientId} name={client.displayName} photos />
            <ArchiveClientButton client={client} onArchived={() => void navigate(paths.coach.clients.getHref())} />
          </div>
        </div>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'overview' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label={`${client.displayName}: sections`} className="justify-start overflow-x-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t} value={t} className="flex-none sm:flex-1">
              {clientsText.tabs[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <ClientOverview summary={summary.data} />
        </TabsContent>
        <TabsContent value="progress">
          <ClientProgress clientId={client.clientId} />
        </TabsContent>
        <TabsContent value="sessions">
          <ClientSessions clientId={client.clientId} />
        </TabsContent>
        <TabsContent value="plan">
          <ClientPlan summary={summary.data} />
        </TabsContent>
        <TabsContent value="check-ins">
          <ClientCheckIns
            clientId={client.clientId}
            unit={auth.status === 'authenticated' ? auth.profile.unit : 'kg'}
          />
        </TabsContent>
        <TabsContent value="habits">
          <ClientHabits clientId={client.clientId} />
        </TabsContent>
        <TabsContent value="chat">
          {auth.status === 'authenticated' && (
            <Conversation
              key={client.clientId}
              userId={auth.user.id}
              otherId={client.clientId}
              shell="panel"
              relation={chatText.client}
            />
          )}
        </TabsContent>
      </Tabs>
    </section>
  )
}
