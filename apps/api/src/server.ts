import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { resolveJwtSecret } from './config/secrets';
import { openDatabase } from './db/client';
import { seedCatalog, seedDemoAccounts } from './db/seed/seed';
import { bufferedLogDestination } from './lib/log-destination';
import { loggerOptions } from './logger';
import { createOrderNotifications } from './modules/notifications/order-notifications';
import { startNotifications } from './modules/notifications/notifications';
import { stopServing } from './shutdown';

/** Process entry: validated env, database + migrations, first-start seed, listen, graceful shutdown. */
async function main() {
  const config = loadConfigOrExit();
  const log = (msg: string) => console.log(`[api] ${msg}`);
  // Set once the server can drain; until then a launcher that goes away just ends us.
  const stopper: { drain?: () => void } = {};
  let draining = false;
  watchLauncher(() => (stopper.drain ? stopper.drain() : process.exit(1)));

  log('connecting to PostgreSQL and applying migrations…');
  const database = await openDatabase({
    ...config,
    log: (msg, err) => console.error(`[api] ${msg}: ${(err as Error)?.message ?? ''}`),
  });
  if (config.seedDemoData) {
    if (await seedCatalog(database.db)) log('seeded the demo catalog');
    if (config.authEmulatorHost) {
      const created = await seedDemoAccounts(config.firebaseProjectId, config.publicUrl);
      if (created > 0) log(`created ${created} demo accounts in the Auth emulator`);
    }
  }

  const logDestination = bufferedLogDestination();
  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(config),
    // Lines are written in batches (every 10 ms and at exit), not one thread-pool write each.
    logger: { ...loggerOptions(config.logLevel), stream: logDestination },
    logDestination,
    orderEvents: createOrderNotifications(),
  });
  const notifications = startNotifications({ config, db: database.db, log: app.log });
  log(notifications.describe);

  // SIGTERM/SIGINT: stop accepting connections, let the requests already running finish (later ones on
  // open keep-alive connections get a 503, see the error handler) while the outbox worker stops, close
  // the database, exit 0. Within
  // 8 s, because orchestrators (Docker, Kubernetes) send SIGKILL 10 s after SIGTERM; past it, exit 1.
  const grace = closeWithGrace({ delay: 8_000 }, async ({ err, signal }) => {
    draining = true;
    if (err) app.log.error({ err }, 'fatal error, shutting down');
    else app.log.info({ signal }, 'shutting down');
    // Load balancers polling /api/health/ready on a kept-alive connection see 503 from here on.
    app.lifecycle.draining = true;
    await stopServing({ app, notifications, database });
    if (!err) app.log.info('shut down cleanly');
  });
  stopper.drain = () => {
    if (!draining) void grace.close();
  };

  await app.listen({ host: config.host, port: config.port });
  log(`listening on http://${config.host}:${config.port}`);
}

/** An invalid environment ends the process with its one-line explanation, before anything starts. */
function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Started by the launcher with an IPC channel, the channel closes when the launcher exits, however it
 * died (the kernel closes the socket even after SIGKILL) or when it asks us to stop: then we drain
 * like on SIGTERM (before listening there is nothing to drain, so we just exit). A terminal's Ctrl-C
 * may already have started the drain: a second request must not turn it into a forced exit.
 */
function watchLauncher(onGone: () => void) {
  // undefined: no IPC at all; null: the channel already closed (the launcher may die before we get here).
  if (process.channel === undefined) return;
  const gone = () => {
    // Our output may go to the dead launcher: a write to it must not become an error that skips the drain.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
    onGone();
  };
  if (!process.connected) return gone();
  process.once('disconnect', gone);
  process.channel?.unref();
}

main().catch((err) => {
  console.error('[api] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
