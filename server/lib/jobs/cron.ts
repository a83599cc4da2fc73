/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week) for the queue's recurring
 * jobs, read on the wall clock of one of Indonesia's zones (fixed offsets, no daylight saving). Each
 * field takes `*`, `n`, `a-b`, `*\/s`, `a-b/s` and lists of them; day-of-week 0 or 7 is Sunday. As in
 * cron, when both day fields are restricted a day matching either runs.
 */
import { TIME_ZONE_OFFSET_MIN, type TimeZone } from '../../../src/domain/time-zone';

interface Field {
  values: Set<number>;
  any: boolean;
}

const RANGES: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseField(text: string, [min, max]: [number, number]): Field {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`invalid cron field: ${text}`);
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`invalid cron field: ${text}`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { values, any: text === '*' };
}

export interface Cron {
  minute: Field;
  hour: Field;
  dom: Field;
  month: Field;
  dow: Field;
}

export function parseCron(expr: string): Cron {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`a cron expression has five fields: ${expr}`);
  const [minute, hour, dom, month, dow] = parts.map((p, i) => parseField(p, RANGES[i]!)) as [
    Field,
    Field,
    Field,
    Field,
    Field,
  ];
  if (dow.values.has(7)) dow.values.add(0);
  return { minute, hour, dom, month, dow };
}

function dayMatches(c: Cron, w: Date): boolean {
  const dom = c.dom.values.has(w.getUTCDate());
  const dow = c.dow.values.has(w.getUTCDay());
  if (c.dom.any && c.dow.any) return true;
  if (c.dom.any) return dow;
  if (c.dow.any) return dom;
  return dom || dow;
}

/** The first minute strictly after `after` at which `expr` fires in `zone`. */
export function nextCronRun(expr: string, zone: TimeZone, after: Date): Date {
  const c = parseCron(expr);
  const offset = TIME_ZONE_OFFSET_MIN[zone] * 60_000;
  // Work on the zone's wall clock read through UTC fields; start at the next whole minute.
  let w = new Date(Math.floor((after.getTime() + offset) / 60_000) * 60_000 + 60_000);
  for (let i = 0; i < 5000; i++) {
    if (!c.month.values.has(w.getUTCMonth() + 1) || !dayMatches(c, w)) {
      w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate() + 1));
    } else if (!c.hour.values.has(w.getUTCHours())) {
      w = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours() + 1));
    } else if (!c.minute.values.has(w.getUTCMinutes())) {
      w = new Date(w.getTime() + 60_000);
    } else {
      return new Date(w.getTime() - offset);
    }
  }
  throw new Error(`cron expression never fires: ${expr}`);
}
