/**
 * The benches' signed-in runs: log in through the form as the demo SPG, as she does, and wait until the
 * phone holds its copy of the day, as it does on every later start: the persisted query cache has her
 * day, her visits and her news, and has stopped growing. /profile's own reads end before that copy is
 * fetched (src/app/field-data.ts lets the first screen settle first), so the network going quiet is not
 * enough: a run that left at that point measured a start with nothing on the phone (its reads behind a
 * loading screen), or not, depending on the machine's speed.
 */
export async function loginAsDemoSpg(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill('spg');
  await page.getByLabel('Password', { exact: true }).fill('Hadir#Demo2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/profile');
  const cache = () => page.evaluate(() => localStorage.getItem('hadir.query-cache') ?? '');
  const held = (c) => ['"absensi-spg"', '"visits"', '"news","mine"'].every((key) => c.includes(key));
  const deadline = Date.now() + 30_000;
  let last = '';
  // The persister writes at most once a second: unchanged over 1.5 s means the copy is complete.
  for (;;) {
    await page.waitForTimeout(1500);
    const now = await cache();
    if (held(now) && now === last) break;
    if (Date.now() > deadline) throw new Error("the phone's copy of the day was not stored within 30 s");
    last = now;
  }
  await page.waitForLoadState('networkidle');
}
