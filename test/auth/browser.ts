// Plays the system browser on the sandbox's authorize page: loads it, keeps the session cookie,
// fills the form and presses Allow or Deny, and returns where the service redirects to.

export interface BrowserSubmit {
  username?: string;
  password?: string;
  decision: 'allow' | 'deny';
}

export class TestBrowser {
  private cookies = new Map<string, string>();

  /** Opens a URL; returns the redirect target if the service redirects at once, else the page. */
  async open(url: string): Promise<{ redirect: string } | { page: string; url: string }> {
    const response = await fetch(url, { redirect: 'manual', headers: this.cookieHeader() });
    this.keepCookies(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) return { redirect: location };
    return { page: await response.text(), url };
  }

  /** Submits the page's form like a browser: every input with a name, plus the pressed button. */
  async submit(
    pageUrl: string,
    html: string,
    input: BrowserSubmit,
  ): Promise<{ redirect: string } | { page: string; url: string }> {
    const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
    if (!form) throw new Error('the page has no form');
    const action = new URL(attribute(form[1]!, 'action') ?? pageUrl, pageUrl).toString();
    const fields = new URLSearchParams();
    for (const tag of form[2]!.match(/<input\b[^>]*>/gi) ?? []) {
      const name = attribute(tag, 'name');
      if (!name) continue;
      const type = (attribute(tag, 'type') ?? 'text').toLowerCase();
      if (type === 'hidden') fields.append(name, attribute(tag, 'value') ?? '');
      else if (name === 'username' && input.username !== undefined) fields.append(name, input.username);
      else if (name === 'password' && input.password !== undefined) fields.append(name, input.password);
    }
    const button = (form[2]!.match(/<button\b[^>]*>/gi) ?? []).find(
      (tag) => attribute(tag, 'value') === input.decision,
    );
    if (!button) throw new Error(`the form has no ${input.decision} button`);
    fields.append(attribute(button, 'name') ?? 'decision', input.decision);
    const response = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...this.cookieHeader() },
      body: fields,
    });
    this.keepCookies(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) return { redirect: location };
    return { page: await response.text(), url: action };
  }

  /** The whole visit: open the authorize URL, sign in and decide; returns the callback URL. */
  async authorize(url: string, input: BrowserSubmit): Promise<string> {
    const opened = await this.open(url);
    if ('redirect' in opened) return opened.redirect;
    const submitted = await this.submit(opened.url, opened.page, input);
    if ('redirect' in submitted) return submitted.redirect;
    throw new Error(`no redirect after submitting: ${submitted.page.slice(0, 200)}`);
  }

  get hasSession(): boolean {
    return this.cookies.size > 0;
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      if (index > 0) this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
  }
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
