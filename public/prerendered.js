// What a page the server drew runs instead of the web app until the visitor does something
// (docs/performance.md#pages-that-show-before-the-script): its theme, and the app, started on the
// first interaction, with a tap or a form sent before the app ran replayed once it has.

// The theme, set before the page shows: the saved choice, else the system's (the rule of the app's
// src/client/lib/theme.ts, which sets it again once it runs).
try {
  var saved = localStorage.getItem('coachline-theme')
  var dark = saved === 'dark' || (saved !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
} catch {
  // No storage (a private window's rules): the light theme until the app runs.
}

;(function () {
  // The app's entry script, which the server names on the root element. (This runs in the page's
  // head, before the root element is read: it is looked up when needed.)
  var appScript = function () {
    var root = document.getElementById('root')
    return (root && root.getAttribute('data-app')) || ''
  }
  var state = 'waiting' // then 'starting', then 'running' (or 'failed': the page works as plain links)
  var held = null // what the visitor did before the app ran: { tap } or { form, submitter }

  function start() {
    var app = appScript()
    if (state !== 'waiting' || !app) return
    state = 'starting'
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = 'anonymous' // the same request as the page's prefetch, so the cache answers it
    script.src = app
    script.onerror = function () {
      // No app (no signal, or a deploy replaced its files): a link tapped meanwhile goes where it points.
      state = 'failed'
      if (held && held.tap && held.tap.href) location.assign(held.tap.href)
    }
    document.head.appendChild(script)
  }
  ;['pointerdown', 'touchstart', 'keydown', 'focusin'].forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true })
  })
  // A page reloaded with the router's state (the sign-up tab, an invite's email) is not what the
  // server drew: the app draws it at once.
  if (history.state && history.state.usr) document.addEventListener('DOMContentLoaded', start)

  // A tap on a link or a button before the app runs waits for it: a link followed by the browser
  // would load the next page afresh and lose the router's state (the sign-up tab of "Get started").
  document.addEventListener(
    'click',
    function (event) {
      if (state === 'running' || state === 'failed') return
      var target = event.target.closest && event.target.closest('a[href], button')
      if (!target || !target.closest('#root[data-app]')) return
      event.preventDefault()
      held = { tap: target }
      start() // (assistive technology may click with no pointer or key before it)
    },
    true,
  )

  // The app sends every form itself: the browser sending one on its own would reload the page and
  // lose what was typed. A form sent before the app runs (Enter in a field) is sent again once it does.
  document.addEventListener(
    'submit',
    function (event) {
      if (event.target.hasAttribute('action')) return
      event.preventDefault()
      if (state === 'running') return
      held = { form: event.target, submitter: event.submitter }
      start()
    },
    true,
  )

  // The app says it has taken the screen over (TakenOver, src/client/lib/hydration.ts): what was held happens now.
  document.addEventListener('coachline:app-running', function () {
    state = 'running'
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {})
    var replay = held
    held = null
    // A task later: the app has just handed what was typed to the form's state, and draws it first.
    setTimeout(function () {
      if (replay && replay.form && replay.form.isConnected) replay.form.requestSubmit(replay.submitter || undefined)
      if (replay && replay.tap && replay.tap.isConnected) {
        // The whole tap: some controls act on the press (a tab), others on the click.
        var tap = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType: 'mouse' }
        replay.tap.dispatchEvent(new PointerEvent('pointerdown', tap))
        replay.tap.dispatchEvent(new MouseEvent('mousedown', tap))
        replay.tap.dispatchEvent(new PointerEvent('pointerup', tap))
        replay.tap.dispatchEvent(new MouseEvent('mouseup', tap))
        replay.tap.click()
      }
    })
  })
})()
