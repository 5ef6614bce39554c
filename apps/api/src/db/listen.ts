import pg from 'pg';

export interface Listener {
  /** Resolves once LISTEN is in place (or the first attempt failed; it keeps retrying). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  /** false as soon as the connection is in doubt (notifications may be lost), true once LISTEN is back. */
  onState(connected: boolean): void;
  log?: (msg: string, err?: unknown) => void;
}

/**
 * LISTEN on a dedicated PostgreSQL connection that outlives restarts and network cuts: a ping every
 * `pingMs` with a short timeout notices a silent partition (TCP alone could take minutes), and a lost
 * connection is replaced after a short backoff. The pool cannot do this: LISTEN belongs to one session.
 */
export function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  options: { pingMs?: number; applicationName?: string } = {},
): Listener {
  const pingMs = options.pingMs ?? 2_000;
  const log = handlers.log ?? (() => {});
  let client: pg.Client | undefined;
  let closed = false;
  let connected = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    handlers.onState(value);
  };

  const drop = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    clearInterval(pingTimer);
    setConnected(false);
    if (err) log(`lost the ${channel} listener connection`, err);
    c.end().catch(() => {});
    if (!closed) retryTimer = setTimeout(connect, 500).unref();
  };

  async function connect() {
    if (closed) return;
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 2_000,
      query_timeout: 1_500,
      keepAlive: true,
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
    });
    client = c;
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c));
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) handlers.onMessage(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (closed || client !== c) return;
      setConnected(true);
      pingTimer = setInterval(() => {
        c.query('select 1').catch((err: unknown) => {
          (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
          drop(c, err);
        });
      }, pingMs).unref();
    } catch (err) {
      drop(c, err);
    } finally {
      markReady();
    }
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
