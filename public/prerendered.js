// What a page the server drew needs before the web app runs (docs/performance.md#pages-that-show-before-the-script).

// The theme, set before the page shows: the saved choice, else the system's (the rule of the app's
// src/client/lib/theme.ts, which sets it again once it runs).
try {
  var saved = localStorage.getItem('coachline-theme')
  var dark = saved === 'dark' || (saved !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
} catch {
  // No storage (a private window's rules): the light theme until the app runs.
}

// The app sends every form itself. Before it runs, the browser would send one on its own, reloading
// the page and losing what was typed: that never happens. (A tap on a form's button before the app
// runs does nothing; once it runs, the form works.)
document.addEventListener(
  'submit',
  function (event) {
    if (!event.target.hasAttribute('action')) event.preventDefault()
  },
  true,
)
