// The Content-Security-Policy of every page the app serves. The app protocol sends it as a
// header; renderer/index.html repeats it in a meta tag, so the policy holds even where a page is
// loaded without our headers (the dev server).
// No inline scripts or styles, no eval, nothing loaded from outside the app's own origin, except
// images from the service's image hosts (the teasers of My shots and Popular shots).
//
// The bundled sandbox serves its images from its own loopback address, on a port chosen when it
// starts. The header names that exact origin (main builds it for each response); the meta tag is
// written before any port is known, so it allows loopback images on any port. A page obeys both
// policies at once, so wherever the header is sent (the app itself) only the sandbox's own origin
// passes; the looser meta tag alone rules only under the dev server.

/** The real service's image CDN, over https. */
export const serviceImageCdn = 'https://cdn.dribbble.com';

/** What the meta tag allows for the sandbox's images: loopback on any port (see above). */
export const anyLoopbackImageSource = 'http://127.0.0.1:*';

/** Only what the bundled sandbox's own address can look like: http, 127.0.0.1, a port. */
const SANDBOX_ORIGIN = /^http:\/\/127\.0\.0\.1:[1-9]\d{0,4}$/;

function directives(imageSources: readonly string[]): string[] {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    "font-src 'self'",
    // The motion decoder's Worker (WebCodecs), a file of the app; never a blob: or data: script.
    "worker-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ];
}

/** The image sources of the header: the running sandbox's origin, when there is one, and the CDN. */
export function serviceImageSources(sandboxOrigin: string | undefined): string[] {
  return sandboxOrigin !== undefined && SANDBOX_ORIGIN.test(sandboxOrigin)
    ? [sandboxOrigin, serviceImageCdn]
    : [serviceImageCdn];
}

/** The header: `sandboxOrigin` is the bundled sandbox's address (http://127.0.0.1:PORT), undefined while it is not running. */
export function contentSecurityPolicyFor(sandboxOrigin: string | undefined): string {
  return [...directives(serviceImageSources(sandboxOrigin)), "frame-ancestors 'none'"].join('; ');
}

/** The meta-tag form: browsers ignore (and warn about) frame-ancestors there. */
export const metaContentSecurityPolicy = directives([anyLoopbackImageSource, serviceImageCdn]).join('; ');
