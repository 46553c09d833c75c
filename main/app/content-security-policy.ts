// The Content-Security-Policy of every page the app serves. The app protocol sends it as a
// header; renderer/index.html repeats it in a meta tag (a test keeps the two equal).
// No inline scripts or styles, no eval, nothing loaded from outside the app's own origin.
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');
