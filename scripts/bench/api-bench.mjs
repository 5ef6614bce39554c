// The frame the API benches on a seeded database share (orders, quotes, insights, invoices, terms): the
// step log, the work directory, the database server with a throwaway database migrated by the API's own
// code and seeded in SQL, the API in production mode on it with its token service, one autocannon line at
// the shared knobs, the section of latest.md with its table, and the clean-up however the run ends.
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { createThrowawayDatabase, throwawayDir } from '../lib/databases.mjs';
import { tokenService } from '../lib/tokens.mjs';
import { stop } from '../stack.mjs';
import { measure, runBench, startApi, withClient } from './api-process.mjs';
import { loadKnobs, machine, machineLine, stepLogger, writeSection } from './report.mjs';
import { benchServer } from './server.mjs';

register();
const { openPostgres } = await import('../../apps/api/src/db/client.ts');

/** A statement on the seed's plain connection. @typedef {(text: string) => Promise<{ rows: any[] }>} Exec */

/**
 * One bench's frame; `name` names its work directory (bench-<name>). The knobs (BENCH_DURATION,
 * BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_KEEP) come with it.
 */
export class ApiBench {
  /** @type {any} The server (embedded unless DATABASE_URL is set), once started; see server.mjs. */
  server;
  /** @type {{ name: string, url: string, drop: () => Promise<unknown> } | undefined} */
  throwaway;
  /** @type {any} The API's child process while it runs. */
  api;

  /** @param {string} name */
  constructor(name) {
    const { DURATION, WARMUP, CONNECTIONS, KEEP } = loadKnobs();
    this.DURATION = DURATION;
    this.WARMUP = WARMUP;
    this.CONNECTIONS = CONNECTIONS;
    this.KEEP = KEEP;
    this.step = stepLogger();
    this.host = machine();
    const { dir, remove } = throwawayDir(`bench-${name}`);
    this.work = dir;
    this.removeWork = remove;
  }

  /**
   * Starts the database server, says what the bench measures (`title` of the server's name), then a
   * throwaway database: migrated through the API's own code, and `seed` on a plain connection without
   * the pool's statement and read timeouts. Answers the database's URL and what `seed` answered.
   * @template T
   * @param {(serverName: string) => string} title
   * @param {(exec: Exec) => Promise<T>} seed
   */
  async seededDatabase(title, seed) {
    this.server = await benchServer(this.work);
    this.step(title(this.server.name));
    console.log(`  machine: ${machineLine(this.host)}`);
    this.throwaway = await createThrowawayDatabase(this.server.serverUrl, 'bench');
    const url = this.throwaway.url;
    this.step('Seeding');
    await (await openPostgres({ url, poolSize: 1 })).close();
    return { url, seeded: await withClient(pg, url, seed) };
  }

  /**
   * Starts the API on `url` (api-process.mjs); answers its base URL, its log file, its token service and
   * `signedAs(user)`: the authorization header of `user`.
   */
  async startApi(url) {
    this.step('Starting the API (NODE_ENV=production)');
    const started = await startApi(this.work, url);
    this.api = started.child;
    const tokens = await tokenService(started.jwtSecret);
    /** @param {{ uid: string, email: string, name: string }} user */
    const signedAs = async (user) => ({ authorization: `Bearer ${await tokens.issue(user)}` });
    return { base: started.base, logFile: started.logFile, tokens, signedAs };
  }

  async stopApi() {
    await stop(this.api, 'SIGTERM', 15_000);
    this.api = undefined;
  }

  /** One line under load at the knobs (api-process.mjs `measure`). */
  load(title, base, request) {
    const { CONNECTIONS: connections, WARMUP: warmup, DURATION: duration } = this;
    return measure({ title, base, request, connections, warmup, duration });
  }

  /** The opening of a section: when, on what machine, on which database server. */
  runLine() {
    return `Run ${new Date().toISOString()} on ${machineLine(this.host)}; database ${this.server.version}. `;
  }

  /** How the lines were driven. */
  loadLine() {
    return `autocannon from the bench process, ${this.CONNECTIONS} connections, ${this.WARMUP} s warm-up then ${this.DURATION} s each`;
  }

  /**
   * Writes the "<section> on <server>" section of latest.md, prints it, and fails the run if its target
   * was not `met`.
   * @param {string} section @param {{ markdown: string, met: boolean }} report
   */
  publish(section, { markdown, met }) {
    writeSection(`${section} on ${this.server.name}`, markdown);
    console.log(`\n${markdown}\n`);
    if (!met) process.exitCode = 1;
  }

  /**
   * Runs `main`, then stops the API and the database server and drops what the run made (kept with
   * BENCH_KEEP=1).
   * @param {() => Promise<void>} main
   */
  run(main) {
    const { work, removeWork, KEEP: keep } = this;
    return runBench(main, () => ({
      api: this.api,
      throwaway: this.throwaway,
      server: this.server,
      work,
      removeWork,
      keep,
    }));
  }
}

/**
 * A user of the bench's data, signed by the API's token service: `<uid>@bench.bulkwise.test`.
 * @param {string} uid @param {string} name
 */
export const benchUser = (uid, name) => ({ uid, email: `${uid}@bench.bulkwise.test`, name });
