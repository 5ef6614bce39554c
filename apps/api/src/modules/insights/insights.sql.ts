/** Days are ISO strings (`YYYY-MM-DD`) both ways: node-postgres would turn a `date` into a local-time Date. */
export interface DayRange {
  from: string;
  to: string;
}

export { rowsOf as rows } from '../../db/sql';

export const n = (v: unknown): number => Number(v ?? 0);
