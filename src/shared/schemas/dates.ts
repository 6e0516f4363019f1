import * as z from 'zod/mini'

/**
 * Dates the database can store and people mean: ISO's four-digit years include 0000, which
 * PostgreSQL has no room for. Calendar dates from 1900 to 9999; moments from 2000 to 2200.
 */
export const calendarDate = (message: string) =>
  z.iso.date(message).check(z.refine((value) => value >= '1900-01-01' && value <= '9999-12-31', message))

export const moment = (message: string) =>
  z.iso.datetime({ offset: true, message }).check(
    z.refine((value) => {
      const ms = Date.parse(value)
      return Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms <= Date.UTC(2200, 0, 1)
    }, message),
  )
