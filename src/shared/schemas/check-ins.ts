import * as z from 'zod/mini'
import { POSES } from './progress-photos.ts'
import { lazySchema } from './lazy-schema.ts'

/**
 * Check-ins (docs/check-ins.md): a coach's form of questions, sent to a client on a schedule;
 * the client's answers, read by the coach with their trend, and the comments on them.
 */

export const QUESTION_KINDS = ['scale', 'number', 'yesNo', 'shortText', 'longText', 'bodyWeight', 'photos'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]

export const FORM_NAME_MAX = 80
export const QUESTION_LABEL_MAX = 200
export const QUESTION_UNIT_MAX = 16
export const MAX_QUESTIONS = 30
export const MAX_FORMS = 100
export const SHORT_TEXT_MAX = 200
export const LONG_TEXT_MAX = 4000
export const NUMBER_MAX = 1_000_000
export const COMMENT_MAX = 2000
/** Active schedules a client has at once. */
export const MAX_SCHEDULES = 5
/** The days "every N days" may space check-ins. */
export const EVERY_DAYS_MIN = 2
export const EVERY_DAYS_MAX = 28
export const CHECK_IN_PAGE = 20

export const checkInsApiText = {
  formName: `A form needs a name of at most ${FORM_NAME_MAX} characters`,
  questions: `A form has 1 to ${MAX_QUESTIONS} questions`,
  questionLabel: `Each question needs a label of at most ${QUESTION_LABEL_MAX} characters`,
  questionKind: `A question's kind is one of ${QUESTION_KINDS.join(', ')}`,
  questionId: 'Each question needs its own id',
  unit: `A unit is at most ${QUESTION_UNIT_MAX} characters`,
  tooManyForms: `A coach keeps at most ${MAX_FORMS} forms: delete one first`,
  formNotFound: 'Check-in form not found',
  cadence: 'Choose weekly on a weekday (1 Monday to 7 Sunday) or every 2 to 28 days',
  startsOn: 'The first day must be a date (YYYY-MM-DD) from today to a year ahead',
  tooManySchedules: `A client has at most ${MAX_SCHEDULES} check-in schedules at once: end one first`,
  scheduleNotFound: 'Check-in schedule not found',
  notYourClient: 'Only this client and their coach can see their check-ins',
  clientRequired: 'Choose a client: clientId is required for a coach',
  onlyClient: 'Only the client fills in their own check-ins',
  notOpen: 'This check-in is not open: a newer one is due, or it is not due yet',
  alreadyIn: 'This check-in is already in',
  answers: 'Answer each question as its kind asks',
  required: 'Answer every question marked required',
  photoUnknown: 'A photo of this check-in is not one of yours, or has not been sent yet',
  checkInNotFound: 'Check-in not found',
  idTaken: 'A different check-in already has this id',
  comment: `A comment is 1 to ${COMMENT_MAX} characters`,
  id: 'The id must be a UUID',
} as const

const text = (max: number, message: string) =>
  z.string(message).check(
    z.trim(),
    z.refine((v) => v.length >= 1 && v.length <= max, message),
  )

const QuestionSchema = lazySchema(() =>
  z.object({
    id: z.string(checkInsApiText.questionId).check(z.regex(/^[\w-]{1,40}$/, checkInsApiText.questionId)),
    kind: z.enum(QUESTION_KINDS, checkInsApiText.questionKind),
    label: text(QUESTION_LABEL_MAX, checkInsApiText.questionLabel),
    unit: z.optional(
      z.string(checkInsApiText.unit).check(z.trim(), z.maxLength(QUESTION_UNIT_MAX, checkInsApiText.unit)),
    ),
    required: z.optional(z.boolean()),
  }),
)
export type Question = z.infer<typeof QuestionSchema>

/** POST and PUT /api/check-ins/forms: the form's name and its questions, in order. */
export const FormBody = lazySchema(() =>
  z.object({
    name: text(FORM_NAME_MAX, checkInsApiText.formName),
    questions: z.array(QuestionSchema, checkInsApiText.questions).check(
      z.minLength(1, checkInsApiText.questions),
      z.maxLength(MAX_QUESTIONS, checkInsApiText.questions),
      z.refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, checkInsApiText.questionId),
    ),
  }),
)
export type FormInput = z.infer<typeof FormBody>

export const FormSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    questions: z.array(QuestionSchema),
    updatedAt: z.string(),
  }),
)
export type CheckInForm = z.infer<typeof FormSchema>

/** POST /api/check-ins/schedules: send a form to a client, weekly on a weekday or every N days, from a day. */
export const ScheduleBody = lazySchema(() =>
  z
    .object({
      clientId: z.string().check(z.minLength(1), z.maxLength(64)),
      formId: z.uuid(checkInsApiText.formNotFound),
      cadence: z.enum(['weekly', 'every'], checkInsApiText.cadence),
      weekday: z.optional(
        z.int(checkInsApiText.cadence).check(z.gte(1, checkInsApiText.cadence), z.lte(7, checkInsApiText.cadence)),
      ),
      everyDays: z.optional(
        z
          .int(checkInsApiText.cadence)
          .check(z.gte(EVERY_DAYS_MIN, checkInsApiText.cadence), z.lte(EVERY_DAYS_MAX, checkInsApiText.cadence)),
      ),
      startsOn: z.iso.date(checkInsApiText.startsOn),
    })
    .check(
      z.refine((s) => (s.cadence === 'weekly' ? s.weekday !== undefined : s.everyDays !== undefined), {
        message: checkInsApiText.cadence,
        path: ['cadence'],
      }),
    ),
)
export type ScheduleInput = z.infer<typeof ScheduleBody>

export const ScheduleSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    clientId: z.string(),
    formId: z.string(),
    formName: z.string(),
    cadence: z.enum(['weekly', 'every']),
    weekday: z.nullable(z.number()),
    everyDays: z.nullable(z.number()),
    startsOn: z.string(),
    /** The check-in open on the client's today (null before the first), and whether it is in. */
    open: z.nullable(z.object({ dueOn: z.string(), late: z.boolean(), submitted: z.boolean() })),
    nextDueOn: z.string(),
  }),
)
export type CheckInSchedule = z.infer<typeof ScheduleSchema>

/**
 * An answer, by its question's kind: scale 1-5, number, body weight (kg), yes/no, text, or the
 * ids of progress photos by pose. A question left out is unanswered.
 */
const AnswerSchema = lazySchema(() =>
  z.union([
    z.number(),
    z.boolean(),
    z.string().check(z.maxLength(LONG_TEXT_MAX)),
    z.partialRecord(z.enum(POSES), z.uuid()),
  ]),
)
export type Answer = z.infer<typeof AnswerSchema>
export type PhotoAnswer = Partial<Record<(typeof POSES)[number], string>>

/** POST /api/check-ins: the client's answers to the check-in open on a schedule; `id` makes a repeat harmless. */
export const CheckInBody = lazySchema(() =>
  z.object({
    id: z.uuid(checkInsApiText.id),
    scheduleId: z.uuid(checkInsApiText.scheduleNotFound),
    dueOn: z.iso.date(checkInsApiText.notOpen),
    answers: z.record(z.string().check(z.maxLength(40)), AnswerSchema),
  }),
)
export type CheckInInput = z.infer<typeof CheckInBody>

export const CommentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    authorId: z.string(),
    authorName: z.string(),
    body: z.string(),
    createdAt: z.string(),
  }),
)
export type CheckInComment = z.infer<typeof CommentSchema>

export const CheckInSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    scheduleId: z.nullable(z.string()),
    clientId: z.string(),
    name: z.string(),
    questions: z.array(QuestionSchema),
    answers: z.record(z.string(), AnswerSchema),
    dueOn: z.string(),
    submittedAt: z.string(),
    late: z.boolean(),
    comments: z.array(CommentSchema),
  }),
)
export type CheckIn = z.infer<typeof CheckInSchema>

/** A check-in with the same schedule's earlier answers, for the trend of each number. */
export const CheckInDetailSchema = lazySchema(() =>
  z.object({
    checkIn: CheckInSchema,
    /** Earlier check-ins of the same schedule, newest first: their day and numeric answers by question. */
    earlier: z.array(z.object({ id: z.string(), dueOn: z.string(), answers: z.record(z.string(), AnswerSchema) })),
  }),
)
export type CheckInDetail = z.infer<typeof CheckInDetailSchema>

/** GET /api/check-ins: a page of a client's check-ins, and the due days they missed. */
export const CheckInsSchema = lazySchema(() =>
  z.object({
    checkIns: z.array(CheckInSchema),
    nextBefore: z.nullable(z.string()),
  }),
)
export type CheckIns = z.infer<typeof CheckInsSchema>

/** GET /api/check-ins/open: what the client has to fill in now, with its questions. */
export const OpenCheckInsSchema = lazySchema(() =>
  z.object({
    today: z.string(),
    open: z.array(
      z.object({
        scheduleId: z.string(),
        name: z.string(),
        questions: z.array(QuestionSchema),
        dueOn: z.string(),
        late: z.boolean(),
      }),
    ),
  }),
)
export type OpenCheckIns = z.infer<typeof OpenCheckInsSchema>

export const CommentBody = lazySchema(() => z.object({ body: text(COMMENT_MAX, checkInsApiText.comment) }))
export const IdParam = lazySchema(() => z.object({ id: z.uuid(checkInsApiText.checkInNotFound) }))
/** Where a page of check-ins ends: the last one's due day and id, as `YYYY-MM-DD~<id>`. */
export const checkInCursor = (checkIn: Pick<CheckIn, 'dueOn' | 'id'>) => `${checkIn.dueOn}~${checkIn.id}`
const CURSOR = /^(\d{4}-\d{2}-\d{2})~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i
const isRealDay = (value: string) => {
  const ms = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value && value >= '1900-01-01'
}
export const parseCheckInCursor = (cursor: string) => {
  const match = CURSOR.exec(cursor)
  return match && isRealDay(match[1] as string) ? { dueOn: match[1] as string, id: match[2] as string } : null
}

export const ClientQuery = lazySchema(() =>
  z.object({
    clientId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    before: z.optional(
      z.string().check(z.refine((v) => parseCheckInCursor(v) !== null, 'before must be the nextBefore of a page')),
    ),
  }),
)
