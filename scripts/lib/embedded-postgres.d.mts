// Types of embedded-postgres.mjs for the TypeScript that imports it (apps/api/test).
import type { ChildProcess } from 'node:child_process';

export interface EmbeddedPostgres {
  /** The `bulkwise` database. */
  url: string;
  /** The server's `postgres` database, for CREATE DATABASE and the like. */
  serverUrl: string;
  port: number;
  /** The supervisor process; stopping it stops the server. */
  child: ChildProcess;
  created: boolean;
  staleStopped: number | undefined;
}
export function startEmbeddedPostgres(options: {
  dataDir: string;
  durable?: boolean;
  onStep?: (line: string) => void;
  onChild?: (child: ChildProcess) => void;
  settings?: Record<string, string | number>;
}): Promise<EmbeddedPostgres>;
export function postgresBinaries(): Promise<{ postgres: string; initdb: string }>;
export function runningServer(clusterDir: string): number | undefined;
export function stopServer(pid: number, graceMs?: number): Promise<void>;
export function moveAsideOldPglite(dataDir: string): string | undefined;
export function restoreLibraryLinks(packageDir: string): void;
