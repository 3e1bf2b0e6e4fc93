// GET /api/openapi.json and GET /api/docs, without credentials (decisions.md §9). The page is Swagger UI
// from the swagger-ui-dist package, served from our own files: no CDN, no fonts or validator badge from
// elsewhere (validatorUrl null), and a Content-Security-Policy that lets the browser load only this
// origin. Swagger UI was picked over Redoc and Scalar: it renders OpenAPI 3.1, lets a user try a call
// with their Bearer token ("Authorize"), and its distribution is plain static files with no runtime
// requests of its own (Scalar's page loads fonts from its CDN unless configured not to; Redoc cannot
// send requests).
import path from 'node:path';
import express from 'express';

/** The only files the page loads, all from /api/docs/. */
export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'] as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Outreach service API reference</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: true,
    // The base layout: the reference itself, without the stand-alone bar for loading other documents.
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
};
`;

/** Same origin only; Swagger UI sets inline styles and shows data: images. */
export const DOCS_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'";

/** Serves the document `build` makes, built at its first request and kept (rest/app.ts says why). */
export function apiDocsRouter(build: () => object): express.Router {
  const router = express.Router();
  let json: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    json ??= JSON.stringify(build());
    res.type('application/json').send(json);
  });
  router.get('/docs', (_req, res) => {
    res.set('Content-Security-Policy', DOCS_CSP).type('html').send(PAGE);
  });
  return router;
}

/** The page's files, by name from a fixed list, to mount at /api/docs beside (not inside) the API
 *  router: static files are not operations of the API, so the reference does not list them, and the
 *  check that it lists everything the API router serves stays exact. */
export function docsFilesRouter(): express.Router {
  const router = express.Router();
  // The package's folder, found without loading the package: its main module runs the whole Swagger UI
  // bundle in Node (10 MB of heap the service kept for nothing, marked by every full collection).
  const dist = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  router.get('/:file', (req, res, next) => {
    const file = String(req.params.file);
    if (file === 'init.js') res.set('Content-Security-Policy', DOCS_CSP).type('application/javascript').send(INIT);
    else if ((DOCS_ASSETS as readonly string[]).includes(file)) res.set('Cache-Control', 'public, max-age=86400').sendFile(path.join(dist, file));
    else next();
  });
  return router;
}
