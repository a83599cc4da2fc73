export const root: string;
export const CHROMIUM_ARGS: string[];
export function freePort(): Promise<number>;
export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  port: number;
  pid: number | undefined;
  readyMs: number;
  log(): string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}
export function startServer(options?: {
  env?: Record<string, string>;
  timeoutMs?: number;
  dataDir?: string;
  port?: number;
  entry?: string;
  nodeArgs?: string[];
}): Promise<RunningServer>;
