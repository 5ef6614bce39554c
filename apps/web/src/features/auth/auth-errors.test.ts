import { describe, expect, it } from 'vitest';
import { GOOGLE_MESSAGES, LOGIN_MESSAGES, REGISTER_MESSAGES } from '@/config/messages';
import {
  firebaseErrorCode,
  googleErrorMessage,
  loginErrorMessage,
  registerErrorMessage,
} from './auth-errors';

describe('firebaseErrorCode', () => {
  it('reads the code of a Firebase error', () => {
    expect(firebaseErrorCode(Object.assign(new Error('x'), { code: 'auth/invalid-email' }))).toBe(
      'auth/invalid-email',
    );
  });
  it('is undefined for anything else', () => {
    expect(firebaseErrorCode(new Error('plain'))).toBeUndefined();
    expect(firebaseErrorCode('auth/invalid-email')).toBeUndefined();
    expect(firebaseErrorCode(null)).toBeUndefined();
    expect(firebaseErrorCode({ code: 42 })).toBeUndefined();
  });
});

describe('loginErrorMessage (spec 8, Sign In Failed)', () => {
  it.each([
    ['auth/invalid-email', LOGIN_MESSAGES.invalidEmail],
    ['auth/invalid-credential', LOGIN_MESSAGES.invalidCredential],
    ['auth/user-disabled', LOGIN_MESSAGES.userDisabled],
    ['auth/wrong-password', LOGIN_MESSAGES.wrongPassword],
    ['auth/too-many-requests', LOGIN_MESSAGES.tooManyRequests],
    ['auth/network-request-failed', LOGIN_MESSAGES.other],
    [undefined, LOGIN_MESSAGES.other],
  ])('%s -> %s', (code, message) => {
    expect(loginErrorMessage(code)).toEqual({ message, offerRegister: false });
  });

  it('offers Create Account when no account exists', () => {
    expect(loginErrorMessage('auth/user-not-found')).toEqual({
      message: LOGIN_MESSAGES.userNotFound,
      offerRegister: true,
    });
  });
});

describe('googleErrorMessage (spec 8, Google Sign In Failed)', () => {
  it.each([
    ['auth/popup-closed-by-user', GOOGLE_MESSAGES.popupClosed],
    ['auth/cancelled-popup-request', GOOGLE_MESSAGES.popupClosed],
    ['auth/popup-blocked', GOOGLE_MESSAGES.popupBlocked],
    ['auth/account-exists-with-different-credential', GOOGLE_MESSAGES.accountExists],
    ['auth/internal-error', GOOGLE_MESSAGES.other],
    [undefined, GOOGLE_MESSAGES.other],
  ])('%s -> %s', (code, message) => {
    expect(googleErrorMessage(code)).toBe(message);
  });
});

describe('registerErrorMessage (spec 8, Registration Failed)', () => {
  it('offers Sign In when the email is taken', () => {
    expect(registerErrorMessage('auth/email-already-in-use')).toEqual({
      message: REGISTER_MESSAGES.emailInUse,
      offerLogin: true,
    });
  });
  it.each([
    ['auth/invalid-email', REGISTER_MESSAGES.invalidEmail],
    ['auth/operation-not-allowed', REGISTER_MESSAGES.operationNotAllowed],
    ['auth/weak-password', REGISTER_MESSAGES.weakPassword],
    ['auth/internal-error', REGISTER_MESSAGES.other],
    [undefined, REGISTER_MESSAGES.other],
  ])('%s -> %s', (code, message) => {
    expect(registerErrorMessage(code)).toEqual({ message, offerLogin: false });
  });
});
