// The SPG's path through the phone app, as the bytes of JavaScript and CSS she downloads (compressed, as
// the server sends them: the build's Brotli copies), phase by phase. Shared by `npm run bench:bundle` and
// the CI test that holds the budgets (test/e2e/phone-budget.test.ts). Service workers are blocked, so
// precaching does not count as "needed to open".
//   login      open /login (the entry, its modulepreloads, what the login form loads once idle)
//   profile    log in: she lands on /profile
//   day        tap Absensi in the bottom navigation: /absensi/new/spg, her day drawn
//   cold day   a signed-in start straight on /absensi/new/spg with nothing cached (the boot script's path)

/** 'phone-B1qMKjXj.js' → 'phone': a chunk's name without its content hash. */
export const chunkName = (url) =>
  new URL(url).pathname
    .replace(/^.*\//, '')
    .replace(/-[\w-]{8}(\.\w+)$/, '$1')
    .replace(/\.(js|css)$/, '');

/** whenIdle's longest wait after the load event (src/lib/when-idle.ts), and a margin. */
const IDLE_LOADS_WITHIN_MS = 2500;

const DAY_TEXT = /Anda Belum Melakukan Check In Hari Ini|Anda Telah Melakukan Absensi|Anda Belum Melakukan Check Out/;

/**
 * Walks the path in a new context of `browser` and answers the phases: each with its files
 * ({ url, chunk, type, bytes }) and its JS and CSS totals in bytes.
 */
export async function walkPhonePath(browser, baseUrl, { username, password }) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map();
    const phases = [];
    let phase;
    const next = (name) => {
      phase = { name, files: [], js: 0, css: 0 };
      phases.push(phase);
    };
    const inFlight = new Set();
    cdp.on('Network.requestWillBeSent', (e) => inFlight.add(e.requestId));
    cdp.on('Network.loadingFailed', (e) => inFlight.delete(e.requestId));
    cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { type: e.type, url: e.response.url }));
    cdp.on('Network.loadingFinished', (e) => {
      inFlight.delete(e.requestId);
      const r = requests.get(e.requestId);
      if (!r || (r.type !== 'Script' && r.type !== 'Stylesheet')) return;
      const type = r.type === 'Script' ? 'js' : 'css';
      phase.files.push({ url: r.url, chunk: chunkName(r.url), type, bytes: e.encodedDataLength });
      phase[type] += e.encodedDataLength;
    });
    /**
     * Quiet: the network idle, and past the moment code loaded "once the page is idle" would have started
     * (src/lib/when-idle.ts: at most 2 s after the load event), then idle again. Stopping at the first quiet
     * moment counted such code or not depending on the machine's speed.
     */
    const quiet = async () => {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(IDLE_LOADS_WITHIN_MS);
      // Nothing in flight for 500 ms (the load state above fires once per document, not again).
      const deadline = Date.now() + 15_000; // a request that never ends (none today) must not hang the walk
      for (let calm = 0; calm < 5 && Date.now() < deadline;) {
        await page.waitForTimeout(100);
        calm = inFlight.size === 0 ? calm + 1 : 0;
      }
    };
    const dayDrawn = async () => {
      await page.waitForURL('**/absensi/new/spg');
      await page.getByText(DAY_TEXT).first().waitFor();
      await quiet();
    };

    next('login');
    await page.goto(`${baseUrl}/login`);
    await quiet();
    next('profile');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/profile');
    await quiet();
    next('day');
    await page.getByRole('link', { name: 'Absensi', exact: true }).first().click();
    await dayDrawn();

    next('cold day');
    await page.goto('about:blank');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${baseUrl}/absensi/new/spg`);
    await dayDrawn();
    return phases;
  } finally {
    await context.close();
  }
}

/** The path as she walks it (login, profile, day), without the cold start. */
export const pathPhases = (phases) => phases.filter((p) => p.name !== 'cold day');
