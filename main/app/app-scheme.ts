// The privileged scheme the renderer is served from in production: app://shotput/index.html.
// A standard, secure scheme gives the page a real origin (for the CSP's 'self' and for the
// IPC sender check) without opening file:// to the renderer.
import type { CustomScheme } from 'electron';

export const appScheme = 'app';
export const appHost = 'shotput';
export const appEntryUrl = `${appScheme}://${appHost}/index.html`;

export const appSchemePrivileges: CustomScheme = {
  scheme: appScheme,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/** True when `url` is a page of the app's own scheme and host. */
export function isAppUrl(url: string): boolean {
  const parsed = safeUrl(url);
  return parsed !== undefined && parsed.protocol === `${appScheme}:` && parsed.host === appHost;
}

export function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
