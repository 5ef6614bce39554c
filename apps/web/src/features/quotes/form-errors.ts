import { ApiError } from '@/lib/api-client';

/** A form's values or its messages, by field name (`lines.0.quantity`, `note`, `form`). */
export type FormValues = Record<string, string>;

/** Zod's issues and the server's `fields` both name a path: one message per field. */
export function fieldsOf(issues: Array<{ path: PropertyKey[]; message: string }>): FormValues {
  const out: FormValues = {};
  for (const issue of issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/** The messages per field of the server's refusal, when it gave some. */
export const serverFields = (err: unknown): FormValues =>
  (err instanceof ApiError ? (err.body as { fields?: FormValues } | null)?.fields : undefined) ?? {};
