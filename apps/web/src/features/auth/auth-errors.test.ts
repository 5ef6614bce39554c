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

// Spec section 8: what each flow says for a Firebase error code.
const FLOWS = {
  login: { failure: loginErrorMessage, expected: (message: string) => ({ message, offerRegister: false }) },
  google: { failure: googleErrorMessage, expected: (message: string) => message },
  register: {
    failure: registerErrorMessage,
    expected: (message: string) => ({ message, offerLogin: false }),
  },
};

describe('the messages of Sign In Failed, Google Sign In Failed and Registration Failed (spec 8)', () => {
  it.each([
    ['login', 'auth/invalid-email', LOGIN_MESSAGES.invalidEmail],
    ['login', 'auth/invalid-credential', LOGIN_MESSAGES.invalidCredential],
    ['login', 'auth/user-disabled', LOGIN_MESSAGES.userDisabled],
    ['login', 'auth/wrong-password', LOGIN_MESSAGES.wrongPassword],
    ['login', 'auth/too-many-requests', LOGIN_MESSAGES.tooManyRequests],
    ['login', 'auth/network-request-failed', LOGIN_MESSAGES.other],
    ['google', 'auth/popup-closed-by-user', GOOGLE_MESSAGES.popupClosed],
    ['google', 'auth/cancelled-popup-request', GOOGLE_MESSAGES.popupClosed],
    ['google', 'auth/popup-blocked', GOOGLE_MESSAGES.popupBlocked],
    ['google', 'auth/account-exists-with-different-credential', GOOGLE_MESSAGES.accountExists],
    ['google', 'auth/internal-error', GOOGLE_MESSAGES.other],
    ['register', 'auth/invalid-email', REGISTER_MESSAGES.invalidEmail],
    ['register', 'auth/operation-not-allowed', REGISTER_MESSAGES.operationNotAllowed],
    ['register', 'auth/weak-password', REGISTER_MESSAGES.weakPassword],
    ['register', 'auth/internal-error', REGISTER_MESSAGES.other],
  ] as const)('%s: %s -> %s', (flow, code, message) => {
    expect(FLOWS[flow].failure(code)).toEqual(FLOWS[flow].expected(message));
  });

  it('says Other in every flow when the error is not a Firebase one', () => {
    expect(loginErrorMessage(undefined)).toEqual({ message: LOGIN_MESSAGES.other, offerRegister: false });
    expect(googleErrorMessage(undefined)).toBe(GOOGLE_MESSAGES.other);
    expect(registerErrorMessage(undefined)).toEqual({ message: REGISTER_MESSAGES.other, offerLogin: false });
  });

  it('Sign In offers Create Account when no account exists', () => {
    expect(loginErrorMessage('auth/user-not-found')).toEqual({
      message: LOGIN_MESSAGES.userNotFound,
      offerRegister: true,
    });
  });

  it('Registration offers Sign In when the email is taken', () => {
    expect(registerErrorMessage('auth/email-already-in-use')).toEqual({
      message: REGISTER_MESSAGES.emailInUse,
      offerLogin: true,
    });
  });
});
