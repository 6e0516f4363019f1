// The API reference page's own script (the content security policy allows no inline script):
// Swagger UI's settings, and names for what it leaves unnamed to a screen reader.
//
// - The page draws its own copy of the document without `servers`: it calls the server it came
//   from, and Swagger UI's server picker has no accessible name.
// - A plugin puts an h2 above the groups of operations (Swagger UI writes them as h3 below the h1).
// - `touchUp` names the authorize dialog, its close and authorize buttons, and each operation's
//   table of answers (a region of its own), each time Swagger UI draws more.
/* global SwaggerUIBundle */

const operationsHeading = () => ({
  wrapComponents: {
    operations: (Original, system) => (props) => {
      const h = system.React.createElement
      return h(
        system.React.Fragment,
        null,
        h('h2', { className: 'operations-heading' }, 'Operations'),
        h(Original, props),
      )
    },
  },
})

const each = (root, selector, fix) => root.querySelectorAll(selector).forEach(fix)

function touchUp(root) {
  each(root, '.modal-ux:not([role])', (modal) => {
    modal.setAttribute('role', 'dialog')
    modal.setAttribute('aria-modal', 'true')
    modal.setAttribute('aria-label', 'Available authorizations')
  })
  each(root, '.modal-ux-header h3:not([role])', (title) => {
    title.setAttribute('role', 'heading')
    title.setAttribute('aria-level', '2')
  })
  each(root, '.modal-ux .auth-container h4:not([role])', (title) => {
    title.setAttribute('role', 'heading')
    title.setAttribute('aria-level', '3')
  })
  each(root, '.modal-ux .close-modal:not([aria-label="Close"])', (button) => button.setAttribute('aria-label', 'Close'))
  each(root, '.auth-container', (container) => {
    const scheme = container.querySelector('h4 code')
    const button = container.querySelector('button.authorize')
    if (scheme && button) button.setAttribute('aria-label', `Authorize ${scheme.textContent}`)
  })
  each(root, 'table.responses-table[role="region"]:not([aria-label])', (table) => {
    const operation = table.closest('.opblock')
    const method = operation?.querySelector('.opblock-summary-method')?.textContent ?? ''
    const path = operation?.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? ''
    table.setAttribute('aria-label', `Answers of ${method} ${path}`.trim())
  })
}

const root = document.getElementById('reference')
fetch(root.dataset.document)
  .then((answer) => {
    if (!answer.ok) throw new Error(`the server answered ${answer.status}`)
    return answer.json()
  })
  .then((spec) => {
    delete spec.servers
    SwaggerUIBundle({
      spec,
      domNode: root,
      docExpansion: 'none',
      defaultModelsExpandDepth: -1,
      syntaxHighlight: false,
      withCredentials: true,
      plugins: [operationsHeading],
    })
    new MutationObserver(() => touchUp(root)).observe(root, { childList: true, subtree: true })
  })
  .catch((error) => {
    const message = document.createElement('p')
    message.setAttribute('role', 'alert')
    message.className = 'reference-failed'
    message.textContent = `The API's document could not be loaded (${error.message}). Reload the page to try again.`
    root.replaceChildren(message)
  })
