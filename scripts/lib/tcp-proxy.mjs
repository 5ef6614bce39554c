// A TCP proxy between the API and PostgreSQL that the fault scenarios and the API's circuit test can cut.
import net from 'node:net';

/**
 * `cut('reset')`: every connection is reset and new ones are reset on accept (PostgreSQL down or
 * restarting). `cut('blackhole')`: nothing is forwarded any more and new connections are accepted but
 * never answered (a network partition). `restore()` drops whatever was held and forwards again.
 */
export async function startProxy(target) {
  const conns = new Set();
  const state = { mode: 'open' };
  const server = net.createServer((client) => accept(client, { conns, state, target }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const proxy = {
    port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
    cut(kind) {
      state.mode = kind;
      for (const conn of [...conns]) {
        if (kind === 'reset') {
          conns.delete(conn);
          conn.client.resetAndDestroy();
          conn.upstream?.destroy();
        } else hold(conn);
      }
    },
    restore() {
      state.mode = 'open';
      for (const conn of [...conns]) {
        if (!conn.held) continue;
        conns.delete(conn);
        conn.client.resetAndDestroy();
        conn.upstream?.destroy();
      }
    },
    async close() {
      proxy.restore();
      for (const conn of conns) {
        conn.client.destroy();
        conn.upstream?.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return proxy;
}

/** A new client connection: reset, held unanswered, or piped to the target, as the proxy's mode says. */
function accept(client, { conns, state, target }) {
  client.on('error', () => {});
  if (state.mode === 'reset') {
    client.resetAndDestroy();
    return;
  }
  /** @type {{ client: net.Socket, upstream?: net.Socket, held: boolean }} */
  const conn = { client, upstream: undefined, held: state.mode === 'blackhole' };
  conns.add(conn);
  const drop = () => {
    conns.delete(conn);
    client.destroy();
    conn.upstream?.destroy();
  };
  if (conn.held) {
    client.pause();
    client.on('close', () => conns.delete(conn));
    return;
  }
  const upstream = net.connect(target.port, target.host);
  conn.upstream = upstream;
  upstream.on('error', () => {});
  client.pipe(upstream);
  upstream.pipe(client);
  // In a partition neither side hears of the other closing; otherwise a close travels through.
  client.on('close', () => !conn.held && drop());
  upstream.on('close', () => !conn.held && drop());
}

/** A partition: nothing forwarded any more either way, neither side told. */
function hold(conn) {
  conn.held = true;
  conn.client.unpipe(conn.upstream);
  conn.upstream?.unpipe(conn.client);
  conn.client.pause();
  conn.upstream?.pause();
}
