import type { Result } from 'autocannon';

export const CHECK_IN_PATH: string;
/** One SPG's check-in: her token, and the form fields (captured_at is set at send time when absent). */
export interface RushSpg {
  token: string;
  fields: Record<string, string>;
}
export interface RushRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}
export function checkInBody(boundary: string, fields: Record<string, string>, photo: Uint8Array): Buffer;
export function checkInRequest(boundary: string, photo: Uint8Array, spg: RushSpg): RushRequest;
export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  boundary: string;
  photo: Uint8Array;
  spgs: RushSpg[];
}
export interface LoadOutcome {
  result: Result;
  statuses: [number, number][];
  latencies: number[];
  used: number;
  ranOut: boolean;
}
export function runLoad(options: LoadOptions): Promise<LoadOutcome>;
