// Types of databases.mjs for the TypeScript that imports it (apps/api/test).
import type { QueryResult } from 'pg';

export function adminQuery(serverUrl: string, text: string): Promise<QueryResult>;
export function createThrowawayDatabase(
  serverUrl: string,
  label: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<QueryResult> }>;
export function throwawayDir(label: string): { dir: string; remove: () => void };
