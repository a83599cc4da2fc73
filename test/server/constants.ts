/** The seeded test database: a small company whose "today" is the real today, so date rules hold. */
export const TEST_TODAY = new Date();
export const TEST_EMPLOYEES = 40;
export const DEMO_PASSWORD = 'Hadir#Demo2026';
