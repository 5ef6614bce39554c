// The fault scenarios' TCP proxy (scripts/lib/tcp-proxy.mjs), closed with the scenario.
import { startProxy as startTcpProxy } from '../lib/tcp-proxy.mjs';
import { onCleanup } from './lib.mjs';

export async function startProxy(target) {
  const proxy = await startTcpProxy(target);
  onCleanup(() => proxy.close());
  return proxy;
}
