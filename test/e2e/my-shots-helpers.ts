// Shared by the My shots, comments, XSS and accessibility tests: the service's side of things,
// straight over HTTP with a sandbox token, so the tests can set up and check without the UI.
import sharp from 'sharp';

export class SandboxApi {
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  async request(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Creates a shot (multipart, as the app does) and waits until the service has processed it. */
  async createShot(fields: {
    title: string;
    scheduledFor?: string;
    colour?: { r: number; g: number; b: number };
  }): Promise<number> {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: fields.colour ?? { r: 90, g: 110, b: 200 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
    form.append('title', fields.title);
    if (fields.scheduledFor !== undefined) form.append('scheduled_for', fields.scheduledFor);
    const response = await fetch(`${this.url}/v2/shots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      body: form,
    });
    if (response.status !== 202) throw new Error(`POST /v2/shots: ${response.status} ${await response.text()}`);
    const id = Number(new URL(response.headers.get('location')!, this.url).pathname.split('/').at(-1));
    const deadline = Date.now() + 30_000;
    while ((await this.request('GET', `/v2/shots/${id}`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`shot ${id} was not processed in time`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return id;
  }
}

/**
 * Chromium reports a CSP violation as soon as hostile HTML with inline handlers or styles is
 * parsed, even in DOMPurify's inert document where nothing could run: "… The action has been
 * blocked." These reports are the CSP refusing, not code running.
 */
export function isBlockedByCsp(message: string): boolean {
  return /Content Security Policy/.test(message) && /The action has been blocked\.\s*$/.test(message);
}
