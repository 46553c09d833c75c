// The Content-Security-Policy of every page the app serves. The app protocol sends it as a
// header; renderer/index.html repeats it in a meta tag (a test keeps the two equal), so the
// policy holds even where a page is loaded without our headers (the dev server).
// No inline scripts or styles, no eval, nothing loaded from outside the app's own origin.
const directives = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
];

export const contentSecurityPolicy = [...directives, "frame-ancestors 'none'"].join('; ');

/** The meta-tag form: browsers ignore (and warn about) frame-ancestors there. */
export const metaContentSecurityPolicy = directives.join('; ');
