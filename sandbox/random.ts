import { randomBytes } from 'node:crypto';

/** An opaque, unguessable token (256 bits, base64url). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
