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

/** The listener's own connection: short timeouts, so a cut shows within seconds. */
function listenClient(url: string, applicationName: string | undefined) {
  return new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 2_000,
    query_timeout: 1_500,
    keepAlive: true,
    ...(applicationName ? { application_name: applicationName } : {}),
  });
}

/** A `select 1` every `pingMs`; a failed one destroys the socket (it may hang) and reports the error. */
function startPing(c: pg.Client, pingMs: number, onFail: (err: unknown) => void) {
  return setInterval(() => {
    c.query('select 1').catch((err: unknown) => {
      (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      onFail(err);
    });
  }, pingMs).unref();
}

/** `report` only when the state changes (it starts disconnected). */
function onChange(report: (connected: boolean) => void) {
  let connected = false;
  return (value: boolean) => {
    if (connected === value) return;
    connected = value;
    report(value);
  };
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
  const log = handlers.log ?? (() => {});
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const setConnected = onChange(handlers.onState);

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
    const c = listenClient(url, options.applicationName);
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
      pingTimer = startPing(c, options.pingMs ?? 2_000, (err) => drop(c, err));
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
