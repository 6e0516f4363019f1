/** The words of the calendar feed's card on the account page (docs/calendar-feed.md). */
export const calendarText = {
  title: 'Calendar feed',
  description: (role: 'coach' | 'client') =>
    role === 'coach'
      ? 'See your active clients’ planned workouts in Google Calendar, Apple Calendar or Outlook. The calendar app keeps it up to date.'
      : 'See your planned workouts on their days in Google Calendar, Apple Calendar or Outlook. The calendar app keeps it up to date.',
  turnOn: 'Turn on calendar feed',
  turningOn: 'Turning on…',
  addressLabel: 'Feed address',
  addressHint:
    'Anyone with this address sees your planned workouts. It is shown only now: add it to your calendar app.',
  copy: 'Copy address',
  copied: { title: 'Address copied' },
  subscribe: 'Open in calendar app',
  googleHint: 'In Google Calendar: Other calendars, From URL, then paste the address.',
  onSince: (date: string | null) =>
    `Your calendar feed is on${date ? ` since ${date}` : ''}. Its address is shown only when it is made: to add the feed to another calendar, make a new address (the current one then stops working).`,
  newAddress: 'Make a new address',
  newAddressTitle: 'Make a new address?',
  newAddressText: 'Calendars subscribed to the current address stop updating. Add the new one to your calendar app.',
  newAddressConfirm: 'Make a new address',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off the calendar feed?',
  turnOffText: 'Its address stops working and calendars subscribed to it stop updating.',
  turnOffConfirm: 'Turn off feed',
  turnedOff: { title: 'Calendar feed turned off' },
  cancel: 'Cancel',
  working: 'Working…',
  createFailedTitle: 'Could not make a calendar address',
  revokeFailedTitle: 'Could not turn off the calendar feed',
} as const
