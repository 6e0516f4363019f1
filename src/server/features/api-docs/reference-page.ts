import { html } from 'hono/html'
import { apiPaths } from '#shared/api-paths.ts'

/**
 * The API reference page: Swagger UI drawing the OpenAPI document. Its files are the web app's
 * static files (public/api-docs/, served from the build with the others): Swagger UI's bundle and
 * style sheet, copied from its npm package by scripts/vendor-swagger-ui.mjs, and the page's own
 * settings and styles. Nothing is loaded from elsewhere, so the page works offline and under the
 * content security policy (scripts from this origin only).
 */
const FILES = '/api-docs'

export function referencePage() {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Coachline API reference</title>
        <link rel="stylesheet" href="${FILES}/swagger-ui/swagger-ui.css" />
        <link rel="stylesheet" href="${FILES}/reference.css" />
      </head>
      <body>
        <header class="reference-source">
          <p>
            The API's OpenAPI 3.1 document, to load into any OpenAPI tool:
            <a href="${apiPaths.openapi}">${apiPaths.openapi}</a>. This page needs JavaScript to draw it.
          </p>
        </header>
        <div id="reference" data-document="${apiPaths.openapi}"></div>
        <script src="${FILES}/swagger-ui/swagger-ui-bundle.js"></script>
        <script src="${FILES}/start.js"></script>
      </body>
    </html>`
}
