// Types of auth-emulator.mjs for the TypeScript that imports it (apps/api/test, apps/web/e2e).
export function authEmulatorPost(host: string, path: string, body: unknown): Promise<Record<string, unknown>>;
