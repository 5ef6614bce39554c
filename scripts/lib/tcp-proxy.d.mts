// Types of tcp-proxy.mjs for the TypeScript tests that use it.
export interface TcpProxy {
  port: number;
  /** 'reset': PostgreSQL down or restarting; 'blackhole': a network partition. */
  cut(kind: 'reset' | 'blackhole'): void;
  restore(): void;
  close(): Promise<void>;
}
export function startProxy(target: { host: string; port: number }): Promise<TcpProxy>;
