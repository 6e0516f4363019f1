import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import {
  FORM_NAME_MAX,
  MAX_QUESTIONS,
  QUESTION_KINDS,
  QUESTION_LABEL_MAX,
  QUESTION_UNIT_MAX,
  type CheckInForm,
  type Question,
  type QuestionKind,
} from '#shared/schemas/check-ins.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { notify } from '#client/lib/notify.ts'
import { useSaveForm } from '../api/check-in-queries.ts'
import { QUESTION_KIND_LABELS, checkInsText } from '../check-ins-text.ts'

const newQuestion = (kind: QuestionKind = 'scale'): Question => ({
  id: crypto.randomUUID().slice(0, 8),
  kind,
  label: '',
  required: false,
})

/** Writes a new check-in form, or changes `form`: its name, and questions added, ordered, removed. */
export function FormEditor({ form, onDone }: { form?: CheckInForm; onDone: () => void }) {
  const save = useSaveForm()
  const [name, setName] = useState(form?.name ?? '')
  const [questions, setQuestions] = useState<Question[]>(form?.questions ?? [newQuestion()])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const change = (index: number, patch: Partial<Question>) =>
    setQuestions((qs) => qs.map((q, i) => (i === index ? { ...q, ...patch } : q)))
  const move = (index: number, by: -1 | 1) =>
    setQuestions((qs) => {
      const next = [...qs]
      const [moved] = next.splice(index, 1)
      if (moved) next.splice(index + by, 0, moved)
      return next
    })

  function submit(event: FormEvent) {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!name.trim()) found.name = 'Give the form a name'
    questions.forEach((q) => {
      if (!q.label.trim()) found[q.id] = 'Write the question'
    })
    setErrors(found)
    if (Object.keys(found).length) return
    const cleaned = questions.map((q) => ({
      id: q.id,
      kind: q.kind,
      label: q.label.trim(),
      required: Boolean(q.required),
      ...(q.kind === 'number' && q.unit?.trim() ? { unit: q.unit.trim() } : {}),
    }))
    save.mutate(
      { id: form?.id, form: { name: name.trim(), questions: cleaned } },
      {
        onSuccess: () => {
          notify.success({ title: checkInsText.formSaved, description: name.trim() })
          onDone()
        },
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={form ? checkInsText.editForm(form.name) : checkInsText.newForm}
    >
      <Field label={checkInsText.formName} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={FORM_NAME_MAX}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <ol className="flex flex-col gap-3">
        {questions.map((question, index) => {
          const n = index + 1
          return (
            <li key={question.id} className="flex flex-col gap-3 rounded-lg border p-3">
              <Field label={checkInsText.questionLabel(n)} error={errors[question.id]}>
                {(control) => (
                  <Input
                    {...control}
                    value={question.label}
                    maxLength={QUESTION_LABEL_MAX}
                    placeholder="How did you sleep this week?"
                    onChange={(e) => change(index, { label: e.target.value })}
                  />
                )}
              </Field>
              <div className="flex flex-wrap items-end gap-3">
                <Field label={checkInsText.questionKind(n)} className="min-w-48 flex-1">
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={question.kind}
                      onChange={(e) => change(index, { kind: e.target.value as QuestionKind })}
                    >
                      {QUESTION_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {QUESTION_KIND_LABELS[kind]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                {question.kind === 'number' && (
                  <Field label={checkInsText.questionUnit(n)} className="w-32">
                    {(control) => (
                      <Input
                        {...control}
                        value={question.unit ?? ''}
                        maxLength={QUESTION_UNIT_MAX}
                        placeholder="steps"
                        onChange={(e) => change(index, { unit: e.target.value })}
                      />
                    )}
                  </Field>
                )}
                <label className="flex h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={Boolean(question.required)}
                    aria-label={checkInsText.questionRequired(n)}
                    onChange={(e) => change(index, { required: e.target.checked })}
                  />
                  Required
                </label>
              </div>
              <div className="flex gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={checkInsText.moveUp(n)}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={checkInsText.moveDown(n)}
                  disabled={index === questions.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={checkInsText.removeQuestion(n)}
                  disabled={questions.length === 1}
                  onClick={() => setQuestions((qs) => qs.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          )
        })}
      </ol>
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={questions.length >= MAX_QUESTIONS}
        onClick={() => setQuestions((qs) => [...qs, newQuestion()])}
      >
        <Plus aria-hidden />
        {checkInsText.addQuestion}
      </Button>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {checkInsText.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? checkInsText.saving : checkInsText.saveForm}
        </Button>
      </div>
    </form>
  )
}
