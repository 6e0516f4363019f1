import { useQuery } from '@tanstack/react-query'
import { Check, Copy } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  apiTokenText,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from '#shared/schemas/api-tokens.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { apiTokenQueries, useCreateApiToken, useRevokeApiToken } from '../api/api-token-queries.ts'

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })

/** The account page's API tokens: make one (its secret shown once), see them, revoke one (docs/api.md). */
export function ApiTokensCard() {
  const tokens = useQuery(apiTokenQueries.list())
  const [created, setCreated] = useState<CreatedApiToken | null>(null)
  const [revoking, setRevoking] = useState<ApiToken | null>(null)

  return (
    <Card>
      <CardHeader>
        <CardTitle>{apiTokenText.title}</CardTitle>
        <CardDescription>
          {apiTokenText.description}{' '}
          <a
            className="font-medium text-primary underline underline-offset-4"
            href={apiPaths.docs}
            target="_blank"
            rel="noreferrer"
          >
            {apiTokenText.docsLink}
          </a>
        </CardDescription>
      </CardHeader>
      <NewTokenForm onCreated={setCreated} />
      {tokens.isPending && <p className="text-sm text-muted-foreground">Loading tokens…</p>}
      {tokens.isError && <p role="alert">The tokens could not be loaded. Try again.</p>}
      {tokens.data?.length === 0 && <p className="text-sm text-muted-foreground">{apiTokenText.none}</p>}
      {tokens.data && tokens.data.length > 0 && (
        <ul aria-label={apiTokenText.title} className="divide-y rounded-lg border">
          {tokens.data.map((token) => (
            <li
              key={token.id}
              aria-label={token.name}
              className="flex flex-wrap items-center justify-between gap-3 p-3"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="truncate">{token.name}</span>
                  <Badge variant="outline">{apiTokenText.scopes[token.scope]}</Badge>
                </p>
                <p className="text-sm text-muted-foreground">
                  <code className="font-mono text-xs">{token.start}…</code> ·{' '}
                  {apiTokenText.createdOn(day(token.createdAt))} ·{' '}
                  {token.lastUsedAt ? apiTokenText.lastUsed(day(token.lastUsedAt)) : apiTokenText.neverUsed}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                aria-label={apiTokenText.revoke(token.name)}
                onClick={() => setRevoking(token)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </Card>
  )
}

function NewTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const [name, setName] = useState('')
  const [scope, setScope] = useState<ApiTokenScope>('read')
  const create = useCreateApiToken()
  const fields = create.error instanceof ApiError ? create.error.fields : undefined

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    create.mutate(
      { name, scope },
      {
        onSuccess: (token) => {
          setName('')
          onCreated(token)
        },
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <Field label={apiTokenText.nameLabel} error={fields?.name?.[0]} hint="What it is for, e.g. Spreadsheet sync">
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{apiTokenText.scopeLabel}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {API_TOKEN_SCOPES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="api-token-scope"
                className="size-4 accent-[var(--primary)]"
                checked={scope === value}
                onChange={() => setScope(value)}
              />
              {apiTokenText.scopes[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? apiTokenText.creating : apiTokenText.create}
      </Button>
    </form>
  )
}

/** The one time the secret is shown; closing the dialog forgets it. */
function SecretDialog({ created, onClose }: { created: CreatedApiToken | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret)
      setCopied(true)
      notify.success({ title: apiTokenText.copied })
    } catch {
      // The clipboard was refused: the secret stays selectable in the field.
    }
  }
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false)
          onClose()
        }
      }}
    >
      <DialogContent>
        <DialogTitle>{apiTokenText.created}</DialogTitle>
        <DialogDescription>{apiTokenText.shownOnce}</DialogDescription>
        {created && (
          <>
            <Field label={`${created.name} (${apiTokenText.scopes[created.scope]})`}>
              {(control) => (
                <Input
                  {...control}
                  readOnly
                  value={created.token}
                  className="font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                />
              )}
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => void copy(created.token)}>
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {apiTokenText.copy}
              </Button>
              <DialogClose asChild>
                <Button>{apiTokenText.done}</Button>
              </DialogClose>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

function RevokeDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const revoke = useRevokeApiToken()
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{apiTokenText.revokeTitle}</DialogTitle>
        <DialogDescription>{token ? apiTokenText.revokeDescription(token.name) : ''}</DialogDescription>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{apiTokenText.cancel}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              token &&
              revoke.mutate(token.id, {
                onSuccess: () => {
                  notify.success({ title: apiTokenText.revoked, description: token.name })
                  onClose()
                },
              })
            }
          >
            {apiTokenText.revokeConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
