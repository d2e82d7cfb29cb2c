import type { Context } from 'hono';

/**
 * Errors a browser lands on by navigating (a link in an e-mail, the sandbox checkout, a
 * download, a form post) are pages, never the API's JSON: what happened, what to do, and the
 * way back to the app. `fetch()` calls (Sec-Fetch-Mode cors/same-origin) keep the JSON shape.
 */
export function isNavigation(c: Context): boolean {
  const mode = c.req.header('sec-fetch-mode');
  if (mode !== undefined) return mode === 'navigate';
  // No fetch metadata (an older browser): a request that asks for HTML first.
  return /^\s*text\/html/i.test(c.req.header('accept') ?? '');
}

const TITLES: Record<number, string> = {
  400: 'This request could not be used',
  401: 'Please sign in first',
  402: 'Not included in your plan',
  403: 'This is not open to you',
  404: 'Page not found',
  409: 'This has changed in the meantime',
  413: 'That was too large',
  429: 'Too many attempts',
};

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const STYLE = `body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;
background:#f8f9fa;color:#212529}main{max-width:32rem;margin:10vh auto;padding:1.5rem}
h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:0 0 1rem}.muted{color:#495057;font-size:.875rem}
a{color:#3b5bdb;font-weight:600}@media (prefers-color-scheme:dark){body{background:#1a1b1e;
color:#e9ecef}.muted{color:#c1c2c5}a{color:#91a7ff}}`;

/** The page for an error a browser navigated to. */
export function errorPage(
  c: Context,
  status: number,
  message: string,
  requestId: string | undefined,
): Response {
  const title = TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'This did not work');
  const next =
    status === 401
      ? '<p><a href="/signin">Sign in</a>, then open the link again.</p>'
      : '<p><a href="/">Back to Tenantry</a></p>';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escape(title)} · Tenantry</title>
<style>${STYLE}</style></head><body><main><h1>${escape(title)}</h1><p>${escape(message)}</p>${next}
${requestId ? `<p class="muted">Reference: ${escape(requestId)}</p>` : ''}</main></body></html>`;
  return c.html(html, status as 400);
}
