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
  // 'waiting', then 'starting', then 'running'; or 'failed' (the app did not load or did not run
  // within STARTUP_MS of loading: links work as plain links from then on).
  var state = 'waiting'
  var STARTUP_MS = 15000
  var held = null // the last thing the visitor did before the app ran: { tap } or { form, submitter }
  var pressed = null // the link or button a press began on before the app ran
  var replaying = null // the timer of a replay about to happen

  function fail() {
    if (state !== 'starting') return
    state = 'failed'
    // A link tapped meanwhile goes where it points, as it would have without the app.
    if (held && held.tap && held.tap.href) location.assign(held.tap.href)
    held = null
  }
  function start() {
    var app = appScript()
    if (state !== 'waiting' || !app) return
    state = 'starting'
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = 'anonymous' // the same request as the page's prefetch, so the cache answers it
    script.src = app
    // No signal, or a deploy replaced the files; or the app loaded and stopped with an error.
    script.onerror = fail
    script.onload = function () {
      setTimeout(fail, STARTUP_MS)
    }
    addEventListener('error', fail)
    document.head.appendChild(script)
  }

  /** The link or button an event is on, inside the drawn page. */
  function control(event) {
    var target = event.target.closest && event.target.closest('a[href], button')
    return target && target.closest('#root[data-app]') ? target : null
  }
  // Any press or key starts the app; one on something other than what was held means the visitor
  // has moved on, and the held tap is forgotten.
  ;['pointerdown', 'touchstart', 'keydown', 'focusin'].forEach(function (type) {
    addEventListener(
      type,
      function (event) {
        if (type === 'pointerdown' || type === 'keydown') {
          if (held && !(held.tap && held.tap.contains(event.target))) held = null
          if (state !== 'running') pressed = control(event)
        }
        start()
      },
      { capture: true, passive: true },
    )
  })
  // A page reloaded with the router's state (the sign-up tab, an invite's email) is not what the
  // server drew: the app draws it at once.
  if (history.state && history.state.usr) document.addEventListener('DOMContentLoaded', start)

  // A tap on a link or a button before the app runs waits for it: a link followed by the browser
  // would load the next page afresh and lose the router's state (the sign-up tab of "Get started").
  // So does a click whose press came before the app ran (a tab acts on the press). A click meant
  // for a new tab or a download stays the browser's.
  document.addEventListener(
    'click',
    function (event) {
      var target = control(event)
      var early = target && pressed === target
      pressed = null
      if (state === 'failed' || !target || event.defaultPrevented) return
      if (state === 'running' && !early) {
        // A new tap overtakes one about to be replayed.
        clearTimeout(replaying)
        return
      }
      var plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey
      if (!plain || target.hasAttribute('target') || target.hasAttribute('download')) return
      event.preventDefault()
      event.stopPropagation() // React, already attached to part of the page, must not act on it too
      held = { tap: target }
      if (state === 'running') replay()
      else start() // (assistive technology may click with no pointer or key before it)
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
      if (state === 'running' || state === 'failed') return
      held = { form: event.target, submitter: event.submitter }
      start()
    },
    true,
  )

  // What was held happens a task later: the app has just handed what was typed to the form's
  // state, and draws it first.
  function replay() {
    clearTimeout(replaying)
    replaying = setTimeout(function () {
      var what = held
      held = null
      if (what && what.form && what.form.isConnected) what.form.requestSubmit(what.submitter || undefined)
      if (what && what.tap && what.tap.isConnected) {
        // The whole tap: some controls act on the press (a tab), others on the click.
        var tap = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType: 'mouse' }
        what.tap.dispatchEvent(new PointerEvent('pointerdown', tap))
        what.tap.dispatchEvent(new MouseEvent('mousedown', tap))
        what.tap.dispatchEvent(new PointerEvent('pointerup', tap))
        what.tap.dispatchEvent(new MouseEvent('mouseup', tap))
        what.tap.click()
      }
    })
  }

  // The app says it has taken the screen over (TakenOver, src/client/lib/hydration.ts).
  document.addEventListener('coachline:app-running', function () {
    if (state === 'running') return
    state = 'running'
    removeEventListener('error', fail)
    replay()
    // The service worker, whose install downloads every file of the app, once the replayed tap has had them.
    if ('serviceWorker' in navigator)
      (window.requestIdleCallback || setTimeout)(function () {
        navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {})
      })
  })

  // Where the browser does not fetch `prefetch` links (Safari), the app's files are fetched into the
  // cache once the page has loaded, for the first tap to find them there.
  addEventListener('load', function () {
    var link = document.createElement('link')
    if (link.relList && link.relList.supports && link.relList.supports('prefetch')) return
    document.querySelectorAll('link[rel=prefetch]').forEach(function (prefetch) {
      fetch(prefetch.href, { mode: 'cors', credentials: 'same-origin' }).catch(function () {})
    })
  })
})()
