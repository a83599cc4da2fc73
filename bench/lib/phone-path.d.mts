import type { Browser } from 'playwright-core';

export interface PathFile {
  url: string;
  /** The chunk's name without its content hash ('phone', 'app', 'login'…). */
  chunk: string;
  type: 'js' | 'css';
  /** Bytes on the wire (Brotli, as served). */
  bytes: number;
}
export interface PathPhase {
  name: 'login' | 'profile' | 'day' | 'cold day';
  files: PathFile[];
  js: number;
  css: number;
}
export function chunkName(url: string): string;
export function walkPhonePath(
  browser: Browser,
  baseUrl: string,
  account: { username: string; password: string },
): Promise<PathPhase[]>;
export function pathPhases(phases: PathPhase[]): PathPhase[];
