// What a page the server drew runs instead of the web app until the visitor does something
// (docs/first-paint.md#until-the-app-runs): its theme, and the app, started on the
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

// The browser's install prompt (Chrome, Edge) waits for the app's offer after a workout: held
// here until the app runs, which takes it over (src/client/features/install/install-prompt.ts).
addEventListener('beforeinstallprompt', function (event) {
  event.preventDefault()
  window.coachlineInstallPrompt = event
})

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
  var taps = [] // the links and buttons tapped before the app ran, in order
  var held = null // a form sent with Enter before the app ran: { form, submitter }
  var pressed = null // the link or button a press began on before the app ran
  var replaying = null // the timer of the next replay

  function fail() {
    if (state !== 'starting') return
    state = 'failed'
    // A link tapped meanwhile goes where it points, as it would have without the app.
    var link = taps.filter(function (tap) {
      return tap.element.href
    })[0]
    if (link) location.assign(link.element.href)
    taps = []
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

  // What a held tap was on, to find it again if React drew that part of the page afresh as it took
  // it over (the drawing and its first render differed: a minute had turned): the same kind of
  // control with the same name, the same one among those, on the same screen.
  function keyOf(element) {
    return element.tagName + '|' + (element.getAttribute('aria-label') || element.textContent || '').trim()
  }
  function alike(key) {
    var controls = document.querySelectorAll('#root a[href], #root button, #root input, #root textarea')
    return Array.prototype.filter.call(controls, function (other) {
      return keyOf(other) === key
    })
  }
  function indexOf(element) {
    return alike(keyOf(element)).indexOf(element)
  }
  function found(tap) {
    if (tap.element.isConnected) return tap.element
    return tap.path === location.pathname ? alike(tap.key)[tap.index] || null : null
  }

  /** The link or button an event is on, inside the drawn page. */
  function control(event) {
    var target = event.target.closest && event.target.closest('a[href], button')
    return target && target.closest('#root[data-app]') ? target : null
  }
  // Any press or key starts the app. Buttons tapped one after another all happen, in order, with
  // whatever is typed between them: two sets ticked while the app starts are two sets logged. A
  // held link or tab, which would change what the screen shows, is forgotten when the visitor moves
  // into a field or presses another control: they have moved on. So is a form held with Enter.
  // (A press elsewhere may only begin a scroll: it forgets nothing.)
  function movesAway(tap) {
    return Boolean(tap.element.href) || tap.element.getAttribute('role') === 'tab'
  }
  ;['pointerdown', 'touchstart', 'keydown', 'focusin'].forEach(function (type) {
    addEventListener(
      type,
      function (event) {
        if (!event.isTrusted) return // a replayed tap
        var same = taps.some(function (tap) {
          return tap.element.contains(event.target)
        })
        if (type === 'focusin' && !same && event.target.closest && event.target.closest('input, textarea, select')) {
          taps = taps.filter(function (tap) {
            return !movesAway(tap)
          })
          held = null
        }
        if (type === 'pointerdown' || type === 'keydown') {
          var on = control(event)
          if (on && !same) {
            taps = taps.filter(function (tap) {
              return !movesAway(tap)
            })
            held = null
          }
          if (state !== 'running') pressed = on
        }
        start()
      },
      { capture: true, passive: true },
    )
  })

  // Coming back to the page (a phone unlocked, a tab brought forward) is a reason to bring what it
  // shows up to date: the app starts then too.
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible') start()
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
      if (!event.isTrusted) return // a replayed tap, for the app
      var target = control(event)
      var early = target && pressed === target
      pressed = null
      if (state === 'failed' || !target || event.defaultPrevented) return
      if (state === 'running' && !early) {
        // A tap once the app runs, while held ones still wait their turn: a held link or tab is
        // overtaken (the visitor has moved on), held buttons happen first and this one after them.
        taps = taps.filter(function (tap) {
          return !movesAway(tap)
        })
        if (!taps.length) {
          clearTimeout(replaying)
          return
        }
      }
      var plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey
      if (!plain || target.hasAttribute('target') || target.hasAttribute('download')) return
      event.preventDefault()
      event.stopPropagation() // React, already attached to part of the page, must not act on it too
      taps.push({ element: target, path: location.pathname, key: keyOf(target), index: indexOf(target) })
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

  // Typing after a held tap is held in its place: a tap that fills a field ("Last: 60 kg × 5: use
  // it") and the load typed over it after come back in that order, and the next tick logs what was
  // typed. (Typing before any held tap needs nothing here: the app takes it as it takes the field over.)
  var TEXT_FIELD = '#root textarea, #root input:not([type=checkbox]):not([type=radio]):not([type=file])'
  document.addEventListener(
    'input',
    function (event) {
      var field = event.target
      if (!event.isTrusted || state === 'running' || state === 'failed' || !taps.length) return
      if (!field.matches || !field.matches(TEXT_FIELD)) return
      var last = taps[taps.length - 1]
      if (last.typed !== undefined && last.element === field) last.typed = field.value
      else
        taps.push({
          element: field,
          path: location.pathname,
          key: keyOf(field),
          index: indexOf(field),
          typed: field.value,
        })
    },
    true,
  )

  // What was held happens a task later (the app has just handed what was typed to the form's state,
  // and draws it first), each tap a task after the one before; a tap on what is gone by then (an
  // earlier one went to another screen) is dropped.
  function replay() {
    clearTimeout(replaying)
    replaying = setTimeout(function next() {
      var sent = held
      held = null
      if (sent && sent.form.isConnected) sent.form.requestSubmit(sent.submitter || undefined)
      var first = taps.shift()
      var target = first && found(first)
      if (target && first.typed !== undefined) {
        // Typed again: the text set past React's watch of the field's value, and announced as an
        // input, so the field's onChange hears it.
        var kind = target.tagName === 'TEXTAREA' ? HTMLTextAreaElement : HTMLInputElement
        Object.getOwnPropertyDescriptor(kind.prototype, 'value').set.call(target, first.typed)
        target.dispatchEvent(new Event('input', { bubbles: true }))
      } else if (target) {
        // The whole tap: some controls act on the press (a tab), others on the click.
        var tap = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType: 'mouse' }
        target.dispatchEvent(new PointerEvent('pointerdown', tap))
        target.dispatchEvent(new MouseEvent('mousedown', tap))
        target.dispatchEvent(new PointerEvent('pointerup', tap))
        target.dispatchEvent(new MouseEvent('mouseup', tap))
        target.click()
      }
      if (taps.length) replaying = setTimeout(next)
    })
  }

  // The app says it has taken the screen over (TakenOver, src/client/first-paint/hydration.ts).
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
