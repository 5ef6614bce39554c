import { GOOGLE_MESSAGES, LOGIN_MESSAGES, REGISTER_MESSAGES } from '@/config/messages';

/** The `auth/...` code of a Firebase error, or undefined for anything else. */
export function firebaseErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export interface LoginFailure {
  message: string;
  /** auth/user-not-found also offers a 'Create Account' button to /register. */
  offerRegister: boolean;
}

/** Spec section 8, Login ('Sign In Failed'). */
export function loginErrorMessage(code: string | undefined): LoginFailure {
  const message = (text: string, offerRegister = false): LoginFailure => ({ message: text, offerRegister });
  switch (code) {
    case 'auth/invalid-email':
      return message(LOGIN_MESSAGES.invalidEmail);
    case 'auth/invalid-credential':
      return message(LOGIN_MESSAGES.invalidCredential);
    case 'auth/user-disabled':
      return message(LOGIN_MESSAGES.userDisabled);
    case 'auth/user-not-found':
      return message(LOGIN_MESSAGES.userNotFound, true);
    case 'auth/wrong-password':
      return message(LOGIN_MESSAGES.wrongPassword);
    case 'auth/too-many-requests':
      return message(LOGIN_MESSAGES.tooManyRequests);
    default:
      return message(LOGIN_MESSAGES.other);
  }
}

/** Spec section 8, Google login ('Google Sign In Failed'). */
export function googleErrorMessage(code: string | undefined): string {
  switch (code) {
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return GOOGLE_MESSAGES.popupClosed;
    case 'auth/popup-blocked':
      return GOOGLE_MESSAGES.popupBlocked;
    case 'auth/account-exists-with-different-credential':
      return GOOGLE_MESSAGES.accountExists;
    default:
      return GOOGLE_MESSAGES.other;
  }
}

export interface RegisterFailure {
  message: string;
  /** auth/email-already-in-use also offers a 'Sign In' button to /login. */
  offerLogin: boolean;
}

/** Spec section 8, Registration ('Registration Failed'). */
export function registerErrorMessage(code: string | undefined): RegisterFailure {
  switch (code) {
    case 'auth/email-already-in-use':
      return { message: REGISTER_MESSAGES.emailInUse, offerLogin: true };
    case 'auth/invalid-email':
      return { message: REGISTER_MESSAGES.invalidEmail, offerLogin: false };
    case 'auth/operation-not-allowed':
      return { message: REGISTER_MESSAGES.operationNotAllowed, offerLogin: false };
    case 'auth/weak-password':
      return { message: REGISTER_MESSAGES.weakPassword, offerLogin: false };
    default:
      return { message: REGISTER_MESSAGES.other, offerLogin: false };
  }
}
