import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { CreateGymBody, GYM_NAME_MAX, MAX_GYMS, type Gym } from '#shared/schemas/gyms.ts'
import { EQUIPMENT, type Equipment } from '#shared/schemas/movements.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { CheckboxGroup } from '#client/components/ui/checkbox-group.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { gymQueries, useChooseGym, useRemoveGym, useSaveGym } from '../api/gym-queries.ts'
import { gymsText } from '../gyms-text.ts'

/** Every gym has the lifter's own weight: it is never a box to tick. */
const CHOICES = EQUIPMENT.filter((item) => item !== 'bodyweight')

/**
 * The account page's gyms: where the lifter trains, each with its equipment (swaps suggest what it
 * has) and its own plates (the plates card edits those of the gym they train at now).
 */
export function GymsCard() {
  const gyms = useQuery(gymQueries.list())
  const choose = useChooseGym()
  const remove = useRemoveGym()
  const list = gyms.data?.gyms ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>{gymsText.title}</CardTitle>
        <CardDescription>{gymsText.description}</CardDescription>
      </CardHeader>
      {gyms.isError && <p role="alert">{gymsText.loadFailed}</p>}
      {gyms.data && (
        <div className="flex flex-col gap-4">
          <Field label={gymsText.trainingAt}>
            {(control) => (
              <NativeSelect
                {...control}
                value={gyms.data.currentId ?? ''}
                disabled={choose.isPending}
                onChange={(e) =>
                  choose.mutate(e.target.value || null, {
                    onSuccess: (result) => {
                      const gym = result.gyms.find((g) => g.id === result.currentId)
                      notify.success({ title: gym ? gymsText.current(gym.name) : gymsText.noGym })
                    },
                  })
                }
              >
                <option value="">{gymsText.noGymChosen}</option>
                {list.map((gym) => (
                  <option key={gym.id} value={gym.id}>
                    {gym.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {list.length > 0 && (
            <ul aria-label={gymsText.list} className="flex flex-col divide-y rounded-lg border">
              {list.map((gym) => (
                <li key={gym.id} aria-label={gym.name} className="flex items-center gap-2 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{gym.name}</p>
                    <p className="text-sm break-words text-muted-foreground">
                      {gym.equipment.length ? gym.equipment.join(', ') : gymsText.bodyweightOnly}
                    </p>
                  </div>
                  <GymDialog
                    gym={gym}
                    trigger={
                      <Button variant="ghost" size="icon" aria-label={gymsText.edit(gym.name)}>
                        <Pencil aria-hidden />
                      </Button>
                    }
                  />
                  <Dialog>
                    <DialogTrigger asChild>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={gymsText.remove(gym.name)}
                        disabled={remove.isPending}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </DialogTrigger>
                    <DialogContent>
                      <DialogTitle>{gymsText.removeTitle(gym.name)}</DialogTitle>
                      <DialogDescription>
                        {gym.id === gyms.data.currentId ? gymsText.removeCurrent : gymsText.removeOther}
                      </DialogDescription>
                      <div className="flex justify-end gap-2">
                        <DialogClose asChild>
                          <Button variant="outline">{gymsText.cancel}</Button>
                        </DialogClose>
                        <DialogClose asChild>
                          <Button
                            variant="destructive"
                            onClick={() =>
                              remove.mutate(gym.id, { onSuccess: () => notify.success({ title: gymsText.removed }) })
                            }
                          >
                            {gymsText.removeConfirm}
                          </Button>
                        </DialogClose>
                      </div>
                    </DialogContent>
                  </Dialog>
                </li>
              ))}
            </ul>
          )}
          {list.length < MAX_GYMS && (
            <GymDialog
              trigger={
                <Button variant="outline" className="self-start">
                  <Plus aria-hidden /> {gymsText.add}
                </Button>
              }
            />
          )}
        </div>
      )}
    </Card>
  )
}

function GymDialog({ gym, trigger }: { gym?: Gym; trigger: ReactNode }) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState(gym?.name ?? '')
  const [equipment, setEquipment] = useState<Equipment[]>(gym?.equipment ?? ['barbell', 'dumbbell', 'bench'])
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSaveGym()

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = CreateGymBody.safeParse({ name, equipment })
    if (!checked.success) return setErrors(fieldErrorsOf(checked.error.issues))
    setErrors({})
    save.mutate(gym ? { id: gym.id, change: checked.data } : { input: checked.data }, {
      onSuccess: () => {
        notify.success({ title: gym ? gymsText.saved : gymsText.created })
        setOpen(false)
        if (!gym) {
          setName('')
          setEquipment(['barbell', 'dumbbell', 'bench'])
        }
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields)
      },
    })
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent size="wide">
        <DialogTitle>{gym ? gymsText.edit(gym.name) : gymsText.add}</DialogTitle>
        <DialogDescription>{gymsText.formDescription}</DialogDescription>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label={gymsText.name} error={errors.name?.[0]}>
            {(control) => (
              <Input {...control} value={name} maxLength={GYM_NAME_MAX} onChange={(e) => setName(e.target.value)} />
            )}
          </Field>
          <CheckboxGroup
            legend={gymsText.equipment}
            options={CHOICES}
            value={equipment}
            onChange={setEquipment}
            error={errors.equipment?.[0]}
          />
          <Button type="submit" className="self-start" disabled={save.isPending}>
            {save.isPending ? gymsText.saving : gymsText.save}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
