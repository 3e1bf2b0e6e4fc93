// The public link paths at the root of PUBLIC_URL (links/public-urls.ts): /u/<token> unsubscribe,
// /o/<token> open pixel, /c/<token> click redirect. People open these in browsers and mail providers
// call them without credentials, so they answer small HTML pages (or an image, or a redirect), never
// the JSON error body of the API.
import express, { type Request, type Response } from 'express';
import type { AppDeps } from '../src/runtime/context';
import { AppError } from '../src/contracts/errors';
import { recordClick, recordOpen, unsubscribeByToken, unsubscribeTarget } from '../src/modules/sending/public-links.service';

// 1×1 transparent GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NO_STORE = 'no-store, no-cache, must-revalidate, private';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#222;background:#f6f6f4;margin:0}main{max-width:32rem;margin:12vh auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}h1{font-size:1.3rem;margin-top:0}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#222;color:#fff;cursor:pointer}</style>
</head><body><main>${body}</main></body></html>`;
}

function fail(res: Response, err: unknown, deps: AppDeps) {
  if (err instanceof AppError) {
    res
      .status(err.status)
      .set('Cache-Control', NO_STORE)
      .type('html')
      .send(page('Link not valid', `<h1>This link does not work</h1><p>${escape(err.message)}</p>`));
    return;
  }
  deps.log.error('public link failed', { err: String((err as Error)?.stack ?? err) });
  res.status(500).type('html').send(page('Something went wrong', '<h1>Something went wrong</h1><p>Please try again in a moment.</p>'));
}

/** RFC 8058: the body is `List-Unsubscribe=One-Click`, form-encoded or as a multipart field. */
export function isOneClickBody(raw: string): boolean {
  if (/(^|&)List-Unsubscribe=One-Click(&|$)/.test(raw.trim())) return true;
  return /name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\n\s*One-Click\s*(\r?\n|$)/i.test(raw);
}

export function publicLinkRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  const token = (req: Request) => String(req.params.token ?? '');

  router.get('/u/:token', async (req, res) => {
    try {
      const { email } = await unsubscribeTarget(deps, token(req));
      res
        .set('Cache-Control', NO_STORE)
        .type('html')
        .send(
          page(
            'Unsubscribe',
            `<h1>Unsubscribe</h1><p>Stop all emails to <strong>${escape(email)}</strong> from this sender?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
          ),
        );
    } catch (err) {
      fail(res, err, deps);
    }
  });

  router.post('/u/:token', express.text({ type: () => true, limit: '16kb' }), async (req, res) => {
    try {
      const raw = typeof req.body === 'string' ? req.body : '';
      if (!isOneClickBody(raw)) throw new AppError('one_click_required', 'Send List-Unsubscribe=One-Click in the body to unsubscribe (RFC 8058).');
      const { email } = await unsubscribeByToken(deps, token(req));
      res
        .set('Cache-Control', NO_STORE)
        .type('html')
        .send(page('Unsubscribed', `<h1>You are unsubscribed</h1><p>No more emails will be sent to <strong>${escape(email)}</strong>.</p>`));
    } catch (err) {
      fail(res, err, deps);
    }
  });

  router.get('/o/:token', async (req, res) => {
    try {
      await recordOpen(deps, token(req), req.method);
      res.set('Cache-Control', NO_STORE).type('image/gif').send(PIXEL);
    } catch (err) {
      fail(res, err, deps);
    }
  });

  router.get('/c/:token', async (req, res) => {
    try {
      const url = await recordClick(deps, token(req), req.method);
      res.set('Cache-Control', NO_STORE).set('Referrer-Policy', 'no-referrer').redirect(302, url);
    } catch (err) {
      fail(res, err, deps);
    }
  });
  return router;
}
