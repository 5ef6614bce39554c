// Types of e2e-stack.mjs for the TypeScript that imports it (apps/web/playwright.config.ts).
export const E2E_PORT: number;
export const E2E_AUTH_EMULATOR_PORT: number;
export const E2E_MAIL_SMTP_PORT: number;
export const E2E_MAIL_WEB_PORT: number;
export const E2E_BASE_URL: string;
export const E2E_HEALTH_URL: string;
export const E2E_STACK_STARTED: 'E2E_STACK_STARTED';
export function e2eStackEnv(): Record<string, string>;
