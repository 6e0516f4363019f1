import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { CheckInForm } from '#shared/schemas/check-ins.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { checkInQueries, useDeleteForm } from '#client/features/check-ins/api/check-in-queries.ts'
import { checkInsText } from '#client/features/check-ins/check-ins-text.ts'
import { FormEditor } from '#client/features/check-ins/components/form-editor.tsx'

/** /coach/check-ins: the coach's check-in forms, written and changed here, sent from a client's page. */
export function CheckInFormsPage() {
  const forms = useQuery(checkInQueries.forms())
  const remove = useDeleteForm()
  const [editing, setEditing] = useState<CheckInForm | 'new' | null>(null)
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{checkInsText.formsHeading}</h1>
          <p className="text-sm text-muted-foreground">{checkInsText.formsIntro}</p>
        </div>
        {editing === null && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            {checkInsText.newForm}
          </Button>
        )}
      </div>
      {editing !== null && (
        <div className="rounded-xl border bg-card p-4">
          <h2 className="mb-3 font-semibold">
            {editing === 'new' ? checkInsText.newForm : checkInsText.editForm(editing.name)}
          </h2>
          <FormEditor form={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        </div>
      )}
      {forms.isPending ? (
        <p className="text-muted-foreground">Loading…</p>
      ) : forms.isError ? (
        <LoadError error={forms.error} what="check-in forms" />
      ) : forms.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{checkInsText.noForms}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {forms.data.map((form) => (
            <li key={form.id} className="flex flex-col gap-2 rounded-xl border bg-card p-4">
              <h2 className="font-semibold break-words">{form.name}</h2>
              <p className="text-sm text-muted-foreground">{checkInsText.questionCount(form.questions.length)}</p>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={checkInsText.editForm(form.name)}
                  onClick={() => setEditing(form)}
                >
                  <Pencil aria-hidden />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={checkInsText.deleteForm(form.name)}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(checkInsText.deleteFormConfirm(form.name))) remove.mutate(form.id)
                  }}
                >
                  <Trash2 aria-hidden />
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
