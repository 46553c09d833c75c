// Every secret this process holds or has seen (access tokens, client secrets, authorization codes,
// PKCE verifiers), kept so that no log line and no stored message ever carries one, whatever a
// service echoes back and in whatever shape. Values are never dropped from here: a token discarded
// at sign-out must stay unwritable too. Process-wide on purpose: a secret seen by one part of the
// app (the sign-in) must be hidden in the text of any other (the queue's journal, the log).

/** Shorter values would hide ordinary words; every secret Shotput handles is far longer. */
const MIN_LENGTH = 8;
const REDACTED = '[redacted]';

const secrets = new Set<string>();
/** Each secret in the shapes it can take in text: as is, URL-encoded, form-encoded, JSON-escaped, base64. */
let shapes: string[] = [];

function shapesOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const url = encodeURIComponent(secret);
  const base64 = Buffer.from(secret).toString('base64');
  return [secret, json, url, url.replace(/%20/g, '+'), base64, base64.replace(/=+$/, '')];
}

/** Remembers a secret so scrubSecrets() removes it from now on. Empty and short values are ignored. */
export function rememberSecret(secret: string | undefined | null): void {
  if (typeof secret !== 'string' || secret.length < MIN_LENGTH || secrets.has(secret)) return;
  secrets.add(secret);
  // Longest first, so a secret that contains another is removed whole.
  shapes = [...new Set([...shapes, ...shapesOf(secret)])]
    .filter((shape) => shape.length >= MIN_LENGTH)
    .sort((a, b) => b.length - a.length);
}

/** The text with every known secret, in any of its shapes, replaced by "[redacted]". */
export function scrubSecrets(text: string): string {
  let result = text;
  for (const shape of shapes) if (result.includes(shape)) result = result.split(shape).join(REDACTED);
  return result;
}
