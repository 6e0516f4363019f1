import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import {
  importSourceName,
  type ImportExercise,
  type ImportPreview,
  type ImportResult,
  type MappingEntry,
} from '#shared/schemas/history-import.ts'
import { TRACKING, type Tracking } from '#shared/schemas/movements.ts'
import { paths } from '#shared/paths.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { MovementPicker } from '#client/features/movements/components/movement-picker.tsx'
import { useImportHistory, usePreviewImport, type ImportProgress, type ImportUpload } from '../api/history-import.ts'

const TRACKING_TEXT: Record<Tracking, string> = {
  weight_reps: 'Weight and reps',
  reps: 'Reps',
  time: 'Time',
  distance_time: 'Distance and time',
}
const NEW = 'new'

/** What one exercise name of the file becomes. */
type Choice = { kind: 'movement'; id: string; name: string } | { kind: 'create'; name: string; tracking: Tracking }

function initialChoice(exercise: ImportExercise): Choice {
  const first = exercise.suggestions[0]
  return exercise.suggested && first
    ? { kind: 'movement', id: first.id, name: first.name }
    : { kind: 'create', name: exercise.name.slice(0, 80), tracking: exercise.tracking }
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`
const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }) : ''

/**
 * The account page's history import (docs/import.md): choose a Strong or Hevy export, review
 * what each exercise becomes, then import with a progress bar. Nothing is written before the
 * lifter presses Import, and an import is all or nothing.
 */
export function HistoryImportCard({ unit: profileUnit, userId }: { unit: Unit; userId: string }) {
  const [upload, setUpload] = useState<ImportUpload | null>(null)
  const [unit, setUnit] = useState<Unit>(profileUnit)
  const [file, setFile] = useState<File | null>(null)
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const preview = usePreviewImport()
  const importing = useImportHistory()

  function startOver() {
    preview.reset()
    importing.reset()
    setUpload(null)
    setFile(null)
  }

  function handleRead(event: FormEvent) {
    event.preventDefault()
    if (!file) return
    const next = { file, unit }
    setUpload(next)
    preview.mutate(next, {
      onSuccess: (p) => setChoices(Object.fromEntries(p.exercises.map((e) => [e.name, initialChoice(e)]))),
    })
  }

  function handleImport() {
    if (!upload || !preview.data) return
    const mapping: MappingEntry[] = preview.data.exercises.map((exercise) => {
      const choice = choices[exercise.name] ?? initialChoice(exercise)
      return choice.kind === 'movement'
        ? { name: exercise.name, movementId: choice.id }
        : { name: exercise.name, create: { name: choice.name, tracking: choice.tracking } }
    })
    importing.mutate({ upload, mapping })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import your history</CardTitle>
        <CardDescription>
          Bring your workouts from Strong or Hevy: their sets count in your progress and records like any session.
        </CardDescription>
      </CardHeader>
      {importing.data ? (
        <ImportDone result={importing.data} onAgain={startOver} />
      ) : preview.data && upload ? (
        <ImportReview
          preview={preview.data}
          userId={userId}
          choices={choices}
          onChoose={(name, choice) => setChoices((current) => ({ ...current, [name]: choice }))}
          busy={importing.isPending}
          progress={importing.progress}
          onImport={handleImport}
          onCancel={startOver}
        />
      ) : (
        <form onSubmit={handleRead} noValidate className="flex flex-col gap-4">
          <Field
            label="Strong or Hevy export file (CSV)"
            hint="Strong: Settings › Export data. Hevy: Settings › Export & import data › Export workouts."
          >
            {(control) => (
              <Input
                {...control}
                type="file"
                accept=".csv,text/csv"
                className="h-auto py-2"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <Field
            label="Weights in the file are in"
            hint="Strong does not write the unit in its file. Hevy's file names its own."
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={unit}
                onChange={(e) => setUnit(e.target.value as Unit)}
                className="sm:w-40"
              >
                <option value="kg">kg</option>
                <option value="lb">lb</option>
              </NativeSelect>
            )}
          </Field>
          <Button type="submit" className="self-start" disabled={!file || preview.isPending}>
            {preview.isPending ? 'Reading…' : 'Read file'}
          </Button>
        </form>
      )}
    </Card>
  )
}

type ReviewProps = {
  preview: ImportPreview
  userId: string
  choices: Record<string, Choice>
  onChoose: (name: string, choice: Choice) => void
  busy: boolean
  progress: ImportProgress | null
  onImport: () => void
  onCancel: () => void
}

function ImportReview({ preview, userId, choices, onChoose, busy, progress, onImport, onCancel }: ReviewProps) {
  const fresh = preview.sessions - preview.alreadyImported
  const blocked = preview.problemCount > 0
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {importSourceName[preview.source]} export, weights in {preview.unit}:{' '}
        <strong>{count(preview.sessions, 'session')}</strong> with <strong>{count(preview.sets, 'set')}</strong>
        {preview.firstDate && ` from ${day(preview.firstDate)} to ${day(preview.lastDate)}`}.
        {preview.alreadyImported > 0 &&
          ` ${count(preview.alreadyImported, 'session')} of them ${preview.alreadyImported === 1 ? 'was' : 'were'} imported before and will be skipped.`}
      </p>
      {blocked && (
        <div role="alert" className="flex flex-col gap-2 rounded-md border border-destructive/50 p-3 text-sm">
          <p className="font-medium text-destructive">
            {count(preview.problemCount, 'row')} cannot be imported. Fix {preview.problemCount === 1 ? 'it' : 'them'} in
            the file and choose it again: nothing is imported while a row cannot be read.
          </p>
          <ul aria-label="Rows that cannot be imported" className="max-h-48 list-disc overflow-y-auto pl-5">
            {preview.problems.map((problem, index) => (
              <li key={`${problem.line}-${index}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
          {preview.problemCount > preview.problems.length && (
            <p>…and {count(preview.problemCount - preview.problems.length, 'more row')}.</p>
          )}
        </div>
      )}
      {!blocked && (
        <>
          <p className="text-sm text-muted-foreground">
            Choose the movement each exercise of the file becomes. Suggestions come from the library; a new movement is
            yours alone.
          </p>
          <ul aria-label="Exercises of the file" className="flex flex-col gap-3">
            {preview.exercises.map((exercise) => (
              <li key={exercise.name}>
                <ExerciseMapping
                  exercise={exercise}
                  userId={userId}
                  choice={choices[exercise.name] ?? initialChoice(exercise)}
                  onChoose={(choice) => onChoose(exercise.name, choice)}
                  disabled={busy}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {busy && <ImportProgressBar progress={progress} />}
      <div className="flex flex-wrap gap-2">
        {!blocked && (
          <Button onClick={onImport} disabled={busy || fresh === 0}>
            {busy ? 'Importing…' : fresh === 0 ? 'Nothing new to import' : `Import ${count(fresh, 'session')}`}
          </Button>
        )}
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Choose another file
        </Button>
      </div>
    </div>
  )
}

function ExerciseMapping({
  exercise,
  userId,
  choice,
  onChoose,
  disabled,
}: {
  exercise: ImportExercise
  userId: string
  choice: Choice
  onChoose: (choice: Choice) => void
  disabled: boolean
}) {
  const picked = choice.kind === 'movement' && !exercise.suggestions.some((s) => s.id === choice.id) ? choice : null
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium break-words">{exercise.name}</legend>
      <p className="text-xs text-muted-foreground">
        {count(exercise.sets, 'set')} in {count(exercise.sessions, 'session')}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label="Becomes" className="min-w-0 flex-1">
          {(control) => (
            <NativeSelect
              {...control}
              value={choice.kind === 'movement' ? choice.id : NEW}
              onChange={(e) => {
                const value = e.target.value
                const suggestion = exercise.suggestions.find((s) => s.id === value)
                if (value === NEW)
                  onChoose({ kind: 'create', name: exercise.name.slice(0, 80), tracking: exercise.tracking })
                else if (suggestion) onChoose({ kind: 'movement', id: suggestion.id, name: suggestion.name })
              }}
            >
              {exercise.suggestions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                  {s.own ? ' (yours)' : ''}
                </option>
              ))}
              {picked && <option value={picked.id}>{picked.name}</option>}
              <option value={NEW}>A new movement of my own</option>
            </NativeSelect>
          )}
        </Field>
        <MovementPicker
          userId={userId}
          title={`Movement for ${exercise.name}`}
          trigger={
            <Button type="button" variant="outline" aria-label={`Search the library for ${exercise.name}`}>
              Search the library
            </Button>
          }
          onPick={(movement) => onChoose({ kind: 'movement', id: movement.id, name: movement.name })}
        />
      </div>
      {choice.kind === 'create' && (
        <div className="grid gap-2 sm:grid-cols-2">
          <Field label="New movement's name">
            {(control) => (
              <Input
                {...control}
                value={choice.name}
                maxLength={80}
                onChange={(e) => onChoose({ ...choice, name: e.target.value })}
              />
            )}
          </Field>
          <Field label="Tracked by">
            {(control) => (
              <NativeSelect
                {...control}
                value={choice.tracking}
                onChange={(e) => onChoose({ ...choice, tracking: e.target.value as Tracking })}
              >
                {TRACKING.map((tracking) => (
                  <option key={tracking} value={tracking}>
                    {TRACKING_TEXT[tracking]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
      )}
    </fieldset>
  )
}

function ImportProgressBar({ progress }: { progress: ImportProgress | null }) {
  const share = progress && progress.total > 0 ? progress.done / progress.total : 0
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {progress
          ? `Writing sets: ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`
          : 'Sending the file…'}
      </p>
    </div>
  )
}

function ImportDone({ result, onAgain }: { result: ImportResult; onAgain: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm">
        Imported {count(result.sessions, 'session')} with {count(result.sets, 'set')} from{' '}
        {importSourceName[result.source]}.
        {result.skipped > 0 &&
          ` ${count(result.skipped, 'session')} imported before ${result.skipped === 1 ? 'was' : 'were'} left as ${result.skipped === 1 ? 'it was' : 'they were'}.`}
        {result.movementsCreated > 0 && ` ${count(result.movementsCreated, 'new movement')} of your own.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={paths.client.progress.getHref()}>See your progress</Link>
        </Button>
        <Button variant="outline" onClick={onAgain}>
          Import another file
        </Button>
      </div>
    </div>
  )
}
