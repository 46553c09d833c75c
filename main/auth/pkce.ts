// PKCE (RFC 7636) with S256: the verifier stays in this process, only its hash travels in the URL.
import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: 'S256';
}

export function createPkcePair(): PkcePair {
  // 32 random bytes → 43 base64url characters, the minimum length RFC 7636 allows, with 256 bits of entropy.
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier), method: 'S256' };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
