import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { apiPaths } from '#shared/api-paths.ts'
import type { OpenApiDocument } from './openapi.ts'

type Operation = OpenApiDocument['paths'][string][string]

const pretty = (value: unknown) => JSON.stringify(value, null, 2)

// Plain CSS in the page itself: the page loads nothing else (the CSP allows inline styles, no scripts).
const STYLE = `
:root { color-scheme: light dark; --fg: #1c1917; --muted: #57534e; --bg: #fafaf9; --card: #fff; --line: #e7e5e4; --code: #f5f5f4; --accent: #0f766e; }
@media (prefers-color-scheme: dark) { :root { --fg: #f5f5f4; --muted: #a8a29e; --bg: #0c0a09; --card: #1c1917; --line: #292524; --code: #0c0a09; --accent: #5eead4; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; } h2 { font-size: 1.2rem; margin: 2rem 0 .75rem; text-transform: capitalize; }
p { margin: .25rem 0 .75rem; color: var(--muted); } a { color: var(--accent); }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem .75rem; padding: 0; list-style: none; }
details.op { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; margin: .5rem 0; }
details.op > summary { display: flex; flex-wrap: wrap; gap: .25rem .6rem; align-items: baseline; padding: .6rem .8rem; cursor: pointer; }
.method { font: 600 .75rem/1.6 ui-monospace, monospace; padding: 0 .4rem; border-radius: .25rem; background: var(--code); border: 1px solid var(--line); min-width: 4.2rem; text-align: center; }
.path { font-family: ui-monospace, monospace; overflow-wrap: anywhere; } .what { color: var(--muted); }
.body { padding: 0 .8rem .8rem; border-top: 1px solid var(--line); }
h3 { font-size: .9rem; margin: .9rem 0 .3rem; }
pre { margin: 0; padding: .6rem; background: var(--code); border: 1px solid var(--line); border-radius: .375rem; overflow-x: auto; font-size: .8rem; max-height: 28rem; }
table { border-collapse: collapse; width: 100%; font-size: .85rem; } td, th { text-align: left; padding: .25rem .5rem .25rem 0; vertical-align: top; border-bottom: 1px solid var(--line); }
code { font-family: ui-monospace, monospace; } td code { overflow-wrap: anywhere; }
`

function schemaBlock(title: string, schema: unknown): HtmlEscapedString | Promise<HtmlEscapedString> {
  return html`<h3>${title}</h3>
    <pre tabindex="0"><code>${pretty(schema)}</code></pre>`
}

function operationBlock(path: string, method: string, op: Operation) {
  const parameters = op.parameters ?? []
  const body = op.requestBody?.content['application/json']?.schema
  return html`<details class="op" id="${op.operationId}">
    <summary><span class="method">${method.toUpperCase()}</span><span class="path">${path}</span><span class="what">${op.summary}</span></summary>
    <div class="body">
      <p>Who may call: ${op['x-coachline-access']}${op.description ? html` · ${op.description}` : ''}</p>
      ${
        parameters.length
          ? html`<h3>Parameters</h3>
              <table>
                <thead>
                  <tr>
                    <th>name</th>
                    <th>in</th>
                    <th>required</th>
                    <th>schema</th>
                  </tr>
                </thead>
                <tbody>
                  ${parameters.map(
                    (p) =>
                      html`<tr>
                        <td><code>${p.name}</code></td>
                        <td>${p.in}</td>
                        <td>${p.required ? 'yes' : 'no'}</td>
                        <td><code>${JSON.stringify(p.schema)}</code></td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
          : ''
      }
      ${body ? schemaBlock('Request body (application/json)', body) : ''}
      ${Object.entries(op.responses)
        .filter(([status]) => status.startsWith('2'))
        .map(([status, response]) => {
          const content = response.content ? Object.entries(response.content)[0] : undefined
          return content
            ? schemaBlock(`Answer ${status} (${content[0]})`, content[1].schema)
            : html`<h3>Answer ${status}</h3>
                <p>${response.description}</p>`
        })}
    </div>
  </details>`
}

/** The API reference as one self-contained page: every operation of the OpenAPI document, grouped by tag. */
export function referencePage(document: OpenApiDocument) {
  const groups = new Map<string, [string, string, Operation][]>()
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'api'
      groups.set(tag, [...(groups.get(tag) ?? []), [path, method, op]])
    }
  }
  const tags = [...groups.keys()].sort()
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Coachline API reference</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>
          <h1>Coachline API reference</h1>
          <p>
            Version ${document.info.version}. Call it with a personal API token from your account page: <code>Authorization: Bearer &lt;token&gt;</code>. A <code>read</code> token
            makes GET requests only. Errors answer <code>{ code, message, fields? }</code>. The machine-readable document is
            <a href="${apiPaths.openapi}">${apiPaths.openapi}</a> (OpenAPI 3.1).
          </p>
          <nav aria-label="Sections">
            <ul>
              ${tags.map((tag) => html`<li><a href="#tag-${tag}">${tag}</a></li>`)}
            </ul>
          </nav>
          ${tags.map(
            (tag) =>
              html`<section aria-labelledby="tag-${tag}">
                <h2 id="tag-${tag}">${tag}</h2>
                ${(groups.get(tag) ?? []).map(([path, method, op]) => operationBlock(path, method, op))}
              </section>`,
          )}
        </main>
      </body>
    </html>`
}
