import { E2E_MAIL_WEB_PORT } from '../../../scripts/lib/e2e-stack.mjs';

/** The stack's mail catcher (maildev), read through its REST API as a person would read the inbox. */
const INBOX = `http://127.0.0.1:${E2E_MAIL_WEB_PORT}/api/email`;

export interface CaughtMail {
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
  headers: Record<string, string>;
}

export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(INBOX);
  if (!res.ok) throw new Error(`GET ${INBOX}: ${res.status}`);
  return ((await res.json()) as CaughtMail[]).filter((m) => m.to.some((t) => t.address === address));
}
