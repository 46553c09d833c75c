// The CSP header as the bundled sandbox comes and goes: it names the sandbox's address once the
// sandbox runs (content-security-policy.ts). The sandbox starts on first use, maybe after the page
// was served: then the page's policy lacks that address and its images would be refused, so the
// page is served again. When the sandbox is already starting as the window opens, responses wait
// for it instead, and the first page names it.
import { contentSecurityPolicyFor } from './content-security-policy';

export class PagePolicy {
  private origin: string | undefined;
  private starting: Promise<unknown> = Promise.resolve();
  private servedWithoutSandbox = false;

  /** `reloadPage` serves the window's page again (webContents.reload). */
  constructor(private readonly reloadPage: () => void) {}

  /** Responses wait for this sandbox start (successful or not) before naming the policy. */
  waitFor(start: Promise<unknown>): void {
    this.starting = start.catch(() => undefined);
  }

  /** The header for a response now. */
  async header(): Promise<string> {
    await this.starting;
    if (this.origin === undefined) this.servedWithoutSandbox = true;
    return contentSecurityPolicyFor(this.origin);
  }

  /** The bundled sandbox runs at `url`: later responses name it, and a page served without it is served again. */
  sandboxStarted(url: string): void {
    if (url === this.origin) return;
    this.origin = url;
    if (!this.servedWithoutSandbox) return;
    this.servedWithoutSandbox = false;
    this.reloadPage();
  }
}
