// Types of browser.mjs for the TypeScript that imports it (apps/web/playwright.config.ts).
export const INSTALL_COMMAND: string;
export function findChromium(
  env?: NodeJS.ProcessEnv,
  options?: { fallback?: boolean },
): { path?: string; error?: string };
export function ensureChromium(options?: { log?: (line: string) => void; env?: NodeJS.ProcessEnv }): string;
