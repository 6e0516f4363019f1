/**
 * The first date or number a page formats loads the browser's locale data (ICU) for the whole
 * renderer process: 50-80 ms on a fast laptop, several times that on a phone. Done here, in a
 * worker that starts with the app, that wait is off the main thread, and the screens' own
 * formatting (today's date on /home, the session dates) costs well under a millisecond.
 */
new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
}).format(Date.now())
new Intl.NumberFormat().format(1234.5)
self.close()
