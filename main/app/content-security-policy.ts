// The Content-Security-Policy of every page the app serves. The app protocol sends it as a
// header; renderer/index.html repeats it in a meta tag (a test keeps the two equal), so the
// policy holds even where a page is loaded without our headers (the dev server).
// No inline scripts or styles, no eval, nothing loaded from outside the app's own origin, except
// images from the service's image hosts (the teasers of My shots and Popular shots).

/**
 * Where the service's images come from: the bundled sandbox serves them from its own loopback
 * address (a new port on each start, so any port of 127.0.0.1), the real service from its CDN.
 * Only img-src lists them: an image cannot run code, and comment HTML is sanitized before it is
 * shown (renderer/src/views/comments), so this does not widen what a comment can do.
 */
export const serviceImageSources = ['http://127.0.0.1:*', 'https://cdn.dribbble.com'] as const;

const directives = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  `img-src 'self' data: blob: ${serviceImageSources.join(' ')}`,
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
];

export const contentSecurityPolicy = [...directives, "frame-ancestors 'none'"].join('; ');

/** The meta-tag form: browsers ignore (and warn about) frame-ancestors there. */
export const metaContentSecurityPolicy = directives.join('; ');
