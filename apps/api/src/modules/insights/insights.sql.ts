import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Days are ISO strings (`YYYY-MM-DD`) both ways: node-postgres would turn a `date` into a local-time Date. */
export interface DayRange {
  from: string;
  to: string;
}

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export const n = (v: unknown): number => Number(v ?? 0);
