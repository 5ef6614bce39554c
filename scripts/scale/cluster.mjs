// Several compiled API processes on one PostgreSQL database and one Redis (through a proxy we can cut),
// as `npm run start:api` runs them in production; and a round-robin client in front of them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { API_NODE_ARGS, API_SERVER, ROOT, waitForUrl } from '../stack.mjs';
import { freePort, JWT_SECRET, onCleanup } from '../faults/lib.mjs';

/** True when something accepts TCP connections at host:port within 1 s. */
export function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1_000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.on('connect', () => done(true));
    socket.on('timeout', () => done(false));
    socket.on('error', () => done(false));
  });
}

/** Ports from SCALE_PORT_BASE (a developer's reserved range) or free ones. */
let nextPort = Number(process.env.SCALE_PORT_BASE || 0);
export const port = async () => (nextPort ? nextPort++ : freePort());

function spawnInstance(name, listenPort, env) {
  const child = spawn(process.execPath, [...API_NODE_ARGS, API_SERVER], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(listenPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent = [];
  const collect = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      recent.push(line);
      if (recent.length > 200) recent.shift();
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  child.recentOutput = () => recent.join('\n');
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return { name, port: listenPort, child, exited, alive: true, output: () => recent.join('\n') };
}

/**
 * Starts `count` instances. Rate limits are on (POST /jwt 30 a minute per address) and TRUST_PROXY=loopback:
 * our client plays the load balancer and names the client address in X-Forwarded-For.
 */
/** @param {{ count: number, databaseUrl: string, redisUrl?: string, env?: Record<string, string> }} options */
export async function startCluster({ count, databaseUrl, redisUrl, env = {} }) {
  const common = {
    NODE_ENV: 'production',
    // Mail delivery across instances is the mail-workers fault test's; production refuses to start without SMTP.
    MAIL_ENABLED: 'false',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    DATABASE_URL: databaseUrl,
    DB_POOL_SIZE: '10',
    ...(redisUrl
      ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bulkwise-scale:${randomBytes(4).toString('hex')}:` }
      : {}),
    INSTANCES: String(count),
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_JWT_PER_MINUTE: '30',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    // The readers of the scenarios all come from this one address: only POST /jwt is meant to be limited.
    RATE_LIMIT_READS_PER_MINUTE: '100000000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '100000000',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '',
    ...env,
  };
  const instances = [];
  for (let i = 0; i < count; i++) instances.push(spawnInstance(`api-${'ABCDEFGH'[i]}`, await port(), common));
  await Promise.all(
    instances.map((api) =>
      waitForUrl(`http://127.0.0.1:${api.port}/api/health/ready`, { child: api.child, timeoutMs: 60_000 }),
    ),
  );
  return instances;
}

/** Waits until every live instance's readiness reports `redis: expected` (bounded). */
export async function waitForRedisState(instances, expected, timeoutMs = 15_000) {
  for (const api of instances.filter((a) => a.alive)) {
    await waitForUrl(`http://127.0.0.1:${api.port}/api/health/ready`, {
      timeoutMs,
      accept: async (res) =>
        res.ok && /** @type {{ redis?: string }} */ (await res.json()).redis === expected,
    });
  }
}

export async function killHard(api) {
  api.alive = false;
  api.child.kill('SIGKILL');
  return api.exited;
}

/** The next live instance, in turn. */
export function roundRobin(instances) {
  let i = 0;
  return () => {
    const live = instances.filter((a) => a.alive);
    return live[i++ % live.length].port;
  };
}
