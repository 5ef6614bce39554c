import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

const DATABASE_URL = 'postgres://bulkwise@db.example.com:5432/bulkwise';
const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL } as const;

describe('database configuration', () => {
  it('refuses to start without DATABASE_URL, saying where it comes from', () => {
    expect(() => loadConfig({ NODE_ENV: 'development' })).toThrow(
      /DATABASE_URL: required: the PostgreSQL connection string \(npm start sets it for its embedded server\)/,
    );
    expect(() => loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL }).databaseUrl).toBe(DATABASE_URL);
  });
});

describe('mail configuration', () => {
  it('refuses production without an SMTP server, naming what is missing and how to opt out', () => {
    expect(() => loadConfig(production)).toThrow(
      /SMTP_URL: is required in production to send order emails \(or set MAIL_ENABLED=false to run without email\)/,
    );
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      /MAIL_FROM: is required/,
    );
  });

  it('runs production with mail explicitly disabled, or with SMTP_URL and MAIL_FROM', () => {
    expect(loadConfig({ ...production, MAIL_ENABLED: 'false' }).mail.enabled).toBe(false);
    const mail = loadConfig({
      ...production,
      SMTP_URL: 'smtps://u:p@mail.example.com',
      MAIL_FROM: 'Shop <shop@example.com>',
      PUBLIC_URL: 'https://shop.example.com',
    }).mail;
    expect(mail).toMatchObject({
      enabled: true,
      smtpUrl: 'smtps://u:p@mail.example.com',
      from: 'Shop <shop@example.com>',
    });
  });

  it('outside production, no SMTP_URL simply means no mail is sent', () => {
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL }).mail.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL, SMTP_URL: '' }).mail.enabled).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'development', DATABASE_URL, SMTP_URL: 'smtp://127.0.0.1:1025' }).mail.enabled,
    ).toBe(true);
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, and out-of-range outbox settings', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: must start with smtp/,
    );
    expect(() => loadConfig({ OUTBOX_MAX_ATTEMPTS: '0' })).toThrow(/OUTBOX_MAX_ATTEMPTS/);
    expect(() => loadConfig({ OUTBOX_LEASE_MS: '10' })).toThrow(/OUTBOX_LEASE_MS/);
  });
});

describe('production refusals', () => {
  const mailOn = {
    ...production,
    SMTP_URL: 'smtp://mail.example.com:587',
    MAIL_FROM: 'Shop <shop@example.com>',
  } as const;

  it('refuses RATE_LIMIT_DISABLED in production, as it refuses the emulator, but keeps it for tests', () => {
    expect(() => loadConfig({ ...production, MAIL_ENABLED: 'false', RATE_LIMIT_DISABLED: 'true' })).toThrow(
      /RATE_LIMIT_DISABLED: rate limits cannot be disabled with NODE_ENV=production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL, RATE_LIMIT_DISABLED: 'true' }).rateLimit.disabled,
    ).toBe(true);
  });

  it('requires PUBLIC_URL in production with mail on, so order emails never link to localhost', () => {
    expect(() => loadConfig(mailOn)).toThrow(
      /PUBLIC_URL: is required in production to link order emails to the site/,
    );
    expect(loadConfig({ ...mailOn, PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe(
      'https://shop.example.com',
    );
    // Without mail nothing links out, so the local default stays acceptable.
    expect(loadConfig({ ...production, MAIL_ENABLED: 'false' }).publicUrl).toBe('http://localhost:3000');
  });
});
