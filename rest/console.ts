// The web console (decisions.md §14): the single-page app built from web/ into web/dist, served at /app
// with every path under it answered by its index.html (the app routes in the browser); `/` redirects
// there. Built files carry a content hash in their names, so they are cached for a year; index.html is
// never cached, so a new build is picked up at the next load. Nothing comes from another origin: the
// Content-Security-Policy says so to the browser too.
import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // uPlot and React set element styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The checkout's root: the nearest folder above this file with a package.json (rest/ when run from the
 *  sources, dist/rest/ when built). */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

export const CONSOLE_DIR = path.join(projectRoot(__dirname), 'web', 'dist');

export function consoleRouter(dir = CONSOLE_DIR): Router {
  const router = express.Router();
  router.get('/', (_req, res) => res.redirect(302, '/app/'));
  router.use('/app', (_req, res, next) => {
    res.set('Content-Security-Policy', CSP).set('X-Content-Type-Options', 'nosniff').set('Referrer-Policy', 'same-origin');
    next();
  });
  router.use('/app/assets', express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false, index: false }));
  router.get(['/app', '/app/{*rest}'], (_req, res) => {
    const index = path.join(dir, 'index.html');
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain').send('The web console is not built: run `npm install` (with development dependencies) or `npm start`.\n');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return router;
}
