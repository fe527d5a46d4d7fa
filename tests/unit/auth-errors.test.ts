import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/errors';
import { authErrorMessage, shouldFallBackToRedirect } from '../../src/features/auth/auth-errors';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

// Every code the spec lists, plus the sign-in and register codes the brief names.
const CODES = [
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/user-not-found',
  'auth/too-many-requests',
  'auth/network-request-failed',
  'auth/popup-closed-by-user',
  'auth/popup-blocked',
  'auth/cancelled-popup-request',
  'auth/unauthorized-domain',
  'auth/web-storage-unsupported',
  'auth/internal-error',
  'auth/invalid-auth-event',
  'auth/auth-domain-config-required',
  'auth/invalid-api-key',
  'auth/argument-error',
  'auth/missing-multi-factor-info',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/invalid-email',
];

describe('authErrorMessage', () => {
  it.each(CODES)('gives %s a sentence of its own, without the raw code', (code) => {
    const message = authErrorMessage(firebaseError(code));
    expect(message).not.toContain('auth/');
    expect(message).not.toContain('Firebase');
    expect(message).toMatch(/^[A-Z]/u);
    expect(message).not.toBe(authErrorMessage(firebaseError('auth/some-future-code')).split(' (')[0]);
  });

  it('says the same thing for a wrong password and unknown credentials, so accounts cannot be probed', () => {
    expect(authErrorMessage(firebaseError('auth/wrong-password'))).toBe('The e-mail or password is wrong. Please try again.');
    expect(authErrorMessage(firebaseError('auth/invalid-credential'))).toBe(authErrorMessage(firebaseError('auth/wrong-password')));
  });

  it('falls back to a sentence with the code only as a reference', () => {
    const message = authErrorMessage(firebaseError('auth/some-future-code'));
    expect(message).toBe('Signing in did not work. Please try again. (some-future-code)');
    expect(authErrorMessage(new Error('boom'))).toBe('Signing in did not work. Please try again.');
    expect(authErrorMessage('a string')).toBe('Signing in did not work. Please try again.');
  });

  it('passes our own API messages through, such as the rate limit', () => {
    expect(authErrorMessage(new ApiError(429, 'rate_limited', 'Too many sign-in attempts. Please wait a minute and try again.'))).toBe(
      'Too many sign-in attempts. Please wait a minute and try again.',
    );
    expect(authErrorMessage(new NetworkError())).toBe('You appear to be offline.');
  });

  it('uses the spec text when nobody is signed in', () => {
    expect(authErrorMessage(firebaseError('auth/no-current-user'))).toBe('No user is logged in');
  });
});

describe('shouldFallBackToRedirect', () => {
  it('falls back to a redirect only where a popup cannot open', () => {
    expect(shouldFallBackToRedirect(firebaseError('auth/popup-blocked'))).toBe(true);
    expect(shouldFallBackToRedirect(firebaseError('auth/operation-not-supported-in-this-environment'))).toBe(true);
    expect(shouldFallBackToRedirect(firebaseError('auth/popup-closed-by-user'))).toBe(false);
    expect(shouldFallBackToRedirect(firebaseError('auth/network-request-failed'))).toBe(false);
    expect(shouldFallBackToRedirect(new Error('x'))).toBe(false);
  });
});
