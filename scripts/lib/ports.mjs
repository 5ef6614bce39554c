// Ports: is one free, and if not, which process holds it (from /proc/net/tcp on Linux).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import { commandLine } from './processes.mjs';

/** Resolves true when `port` can be bound on `host` right now. */
export function canListen(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** An ephemeral port nobody listens on now (the OS picks it). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Someone listens on `port` (on any address), or `host:port` cannot be bound. */
export async function portBusy(port, host = '127.0.0.1') {
  return listeningInodes(port).size > 0 || !(await canListen(port, host));
}

/** `count` consecutive free ports (the Auth emulator takes port, port+1 and port+2). */
export async function freePorts(count) {
  for (let tries = 0; tries < 50; tries++) {
    const first = await freePort();
    if (first + count > 65535) continue;
    const ports = Array.from({ length: count }, (_, i) => first + i);
    if ((await Promise.all(ports.map((p) => canListen(p, '127.0.0.1')))).every(Boolean)) return ports;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

/** Socket inodes listening on `port` (IPv4 and IPv6). */
function listeningInodes(port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A') continue; // 0A = LISTEN
      if (parseInt(cols[1].split(':')[1], 16) === port) inodes.add(cols[9]);
    }
  }
  return inodes;
}

/** `{ pid, command }` of the process listening on `port`, or undefined when it cannot be told. */
export function portHolder(port) {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return undefined;
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return { pid: Number(pid), command: commandLine(pid) };
      } catch {
        // the fd closed meanwhile
      }
    }
  }
  return undefined;
}

/** One line for a busy port: which port, for what, held by which process. */
export function busyPortMessage(port, what, envName) {
  const holder = portHolder(port);
  const who = holder ? `process ${holder.pid} (${holder.command.slice(0, 120)})` : 'another process';
  return `Port ${port} (${what}) is already in use by ${who}: stop it, or set ${envName} to another port.`;
}
