import { describe, expect, it } from 'vitest';
import { problemLine, signInProblem } from '../../main/auth/auth-problems';

describe('signInProblem', () => {
  it.each([
    ['application_suspended', 'contact-support'],
    ['invalid_redirect_uri', 'check-redirect-uri'],
    ['access_denied', 'sign-in-again'],
    ['invalid_client', 'check-client-credentials'],
    ['invalid_grant', 'sign-in-again'],
    ['state_mismatch', 'sign-in-again'],
    ['state_expired', 'sign-in-again'],
    ['service_unreachable', 'check-connection'],
  ])('gives %s (as the service names it) its own sentence, next step and kebab-case code', (code, next) => {
    const problem = signInProblem(code);
    expect(problem.code).toBe(code.replaceAll('_', '-'));
    expect(signInProblem(problem.code)).toEqual(problem);
    expect(problem.next).toBe(next);
    expect(problem.message).toMatch(/^[A-Z].*\.$/);
    expect(problem.message).not.toMatch(/_/); // no error codes in the sentence
  });

  it('quotes the service for an error it does not know', () => {
    const problem = signInProblem('temporarily_unavailable', 'Come back later');
    expect(problem.code).toBe('unknown-error');
    expect(problem.message).toContain('Come back later');
    expect(problemLine(problem)).toContain('Sign in again');
  });

  it('does not mistake inherited names for codes', () => {
    expect(signInProblem('constructor').code).toBe('unknown-error');
  });
});
