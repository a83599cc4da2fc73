/**
 * The phone's size budgets (issue 42 item 1, decision 011): the JavaScript an SPG downloads on her path
 * (/login, log in to /profile, her day screen) and on a signed-in start of her day, in Brotli bytes as the
 * server sends this build, held to bench/lib/phone-budget.mjs. A change that grows the path past its
 * ceiling fails here, naming the phase and the chunk that grew with every file's size. The same walk is
 * `npm run bench:bundle`.
 */
import { describe, expect, test } from 'vitest';
import { overBudget, PHONE_BUDGETS } from '../../bench/lib/phone-budget.mjs';
import { pathPhases, walkPhonePath, type PathPhase } from '../../bench/lib/phone-path.mjs';
import { dateIn } from '../../src/domain/time-zone';
import { apiToken, BASE_URL, DEMO_PASSWORD, launchBrowser } from './browser';
import { fieldUser, freshEmployee } from './field-accounts';

describe('phone size budget', () => {
  test('the SPG path, the login page and a signed-in start of her day stay within their budgets', async () => {
    const admin = await apiToken('admin');
    const { nrp } = await freshEmployee(admin, dateIn('Asia/Jakarta', new Date()));
    const { username } = await fieldUser(admin, nrp, 'budget', 'SPG Anggaran Ukuran');
    const browser = await launchBrowser();
    try {
      const phases = await walkPhonePath(browser, BASE_URL, { username, password: DEMO_PASSWORD });
      // The walk saw her screens' code arrive: an empty phase would pass any budget.
      expect(phases.map((p) => p.name)).toEqual(['login', 'profile', 'day', 'cold day']);
      const [login, , , cold] = phases;
      const chunks = (list: PathPhase[]) => list.flatMap((p) => p.files.map((f) => f.chunk));
      expect(chunks([login!])).toContain('login');
      expect(chunks(pathPhases(phases))).toEqual(expect.arrayContaining(['login', 'app', 'theme', 'phone']));
      expect(chunks([cold!])).toEqual(expect.arrayContaining(['login', 'app', 'theme', 'phone']));
      const pathKb = pathPhases(phases).reduce((s, p) => s + p.js, 0) / 1024;
      expect(pathKb).toBeGreaterThan(100);
      expect(overBudget(phases), `path ${pathKb.toFixed(1)} KB (ceiling ${PHONE_BUDGETS.path.ceiling} KB)`).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
