import { defaultParseSearch } from '@tanstack/react-router';

/** Search params that are always free text, whatever they look like. */
const TEXT_KEYS = ['q'] as const;

/**
 * The router's reading of an address, with free text kept as text. The default reads each value as JSON
 * where it can, so a pasted or typed `/kunjungan?q=26000301` (an NRP) came in as a number, which the
 * screen's search schema refused ("Something went wrong"). The app's own links quote such a value
 * (`q=%2226000301%22`), so only addresses from outside the app met it.
 */
export function parseSearch(searchStr: string): Record<string, unknown> {
  const parsed: Record<string, unknown> = defaultParseSearch(searchStr);
  const raw = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  for (const key of TEXT_KEYS) {
    const text = raw.get(key);
    if (text !== null && typeof parsed[key] !== 'string') parsed[key] = text;
  }
  return parsed;
}
