import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '@/config/messages';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'special';
  message: string;
  test: (password: string) => boolean;
}

/** The registration password rules of spec section 5, in the spec's order. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', message: PASSWORD_MESSAGES.tooShort, test: (pw) => pw.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', message: PASSWORD_MESSAGES.noUppercase, test: (pw) => /[A-Z]/.test(pw) },
  { id: 'lowercase', message: PASSWORD_MESSAGES.noLowercase, test: (pw) => /[a-z]/.test(pw) },
  {
    id: 'special',
    message: PASSWORD_MESSAGES.noSpecial,
    test: (pw) => [...pw].some((char) => PASSWORD_SPECIAL_CHARACTERS.includes(char)),
  },
];

/** The message of every rule the password breaks (empty when it is acceptable). */
export function checkPassword(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}
