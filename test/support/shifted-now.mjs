/**
 * Loaded with `node --import` (scripts/test-dates.mjs) so that every process of a test run (vitest's main
 * process, which seeds the template database, and its workers, which run the server in-process) sees the
 * same moved clock: `HADIR_TEST_OFFSET_MS` is added to the real time, which still runs. A test that passes
 * on one date and fails on another is a defect (docs/guide.md §7); this is how a run puts itself on a
 * month's first day, a Sunday, the 20th or a month's last day.
 */
const offset = Number(process.env.HADIR_TEST_OFFSET_MS ?? 0);
if (offset) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
