import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@/config/messages';
import { checkPassword } from './password-rules';

describe('checkPassword', () => {
  it('accepts a password that meets every rule', () => {
    expect(checkPassword('Abcde!')).toEqual([]);
    expect(checkPassword('Supplier#2026')).toEqual([]);
  });

  it('lists every failing rule, in the spec order', () => {
    expect(checkPassword('')).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.noUppercase,
      PASSWORD_MESSAGES.noLowercase,
      PASSWORD_MESSAGES.noSpecial,
    ]);
    expect(checkPassword('abc')).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.noUppercase,
      PASSWORD_MESSAGES.noSpecial,
    ]);
  });

  it('needs at least 6 characters', () => {
    expect(checkPassword('Ab!de')).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(checkPassword('Ab!def')).toEqual([]);
  });

  it('needs an uppercase and a lowercase letter', () => {
    expect(checkPassword('abcdef!')).toEqual([PASSWORD_MESSAGES.noUppercase]);
    expect(checkPassword('ABCDEF!')).toEqual([PASSWORD_MESSAGES.noLowercase]);
  });

  it.each([...'!@#$%^&*(),.?":{}|<>'])('accepts %s as the special character', (char) => {
    expect(checkPassword(`Abcdef${char}`)).toEqual([]);
  });

  it.each(['-', '_', '+', '=', '~', ' ', '/', '[', ';'])(
    'does not count %j as a special character',
    (char) => {
      expect(checkPassword(`Abcdef${char}`)).toEqual([PASSWORD_MESSAGES.noSpecial]);
    },
  );
});
