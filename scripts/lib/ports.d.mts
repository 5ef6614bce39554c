// Types of ports.mjs for the TypeScript files that import it (the API's test setup).
export function canListen(port: number, host: string): Promise<boolean>;
export function freePort(): Promise<number>;
export function portBusy(port: number, host?: string): Promise<boolean>;
export function freePorts(count: number): Promise<number[]>;
export function portHolder(port: number): { pid: number; command: string } | undefined;
export function busyPortMessage(port: number, what: string, envName: string): string;
