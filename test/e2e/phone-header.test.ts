/**
 * On a 360 × 740 phone (issues 26 and 41): the top bar's title stays on one line, whole (a screen's short
 * title where the whole would not fit), whatever the screen and with the sync status beside it, and the
 * account name is left out rather than cut; a store check-in far from the store says how far before it
 * is saved, and its distance shows in a warning colour; the notice after saving stands clear of the top
 * bar's buttons and of the bottom navigation.
 *
 * The store check-in is made by an SPG account of its own (an employee with a plan today and no
 * check-in), so the demo accounts keep their day untouched.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SCREENS, type Screen } from '../../src/app/screens';
import { apiRequest, apiToken, expectVisible, jpegFromPage, loginAs, setupBrowser, WAIT, waitForText } from './browser';
import { fieldUser, freshEmployee, json } from './field-accounts';

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 } as const;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

/**
 * Runs in the page: puts each phone title in the top bar and reports one that wraps or is cut ("…"), a
 * header part past the screen's edge, header parts overlapping each other, and an account name that shows
 * only in part.
 */
function headerProblems(titles: string[]): string[] {
  const h1 = document.querySelector('header h1')!;
  const header = document.querySelector('header')!;
  const problems: string[] = [];
  for (const title of titles) {
    h1.textContent = title;
    const text = h1.firstChild!;
    const tops = new Set<number>();
    for (let i = 0; i < title.length; i++) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const top = range.getClientRects()[0]?.top;
      if (top !== undefined) tops.add(Math.round(top));
    }
    if (tops.size > 1) problems.push(`"${title}" wraps onto ${tops.size} lines`);
    if (h1.scrollWidth > h1.clientWidth + 0.5) problems.push(`"${title}" is cut`);
    const parts = [...header.children].map((el) => ({ el, r: el.getBoundingClientRect() }));
    for (const { el, r } of parts) {
      if (r.right > document.documentElement.clientWidth + 0.5)
        problems.push(`"${title}": <${el.tagName.toLowerCase()}> reaches past the screen`);
    }
    for (let i = 1; i < parts.length; i++) {
      if (parts[i]!.r.left < parts[i - 1]!.r.right - 0.5)
        problems.push(`"${title}": header parts ${i - 1} and ${i} overlap`);
    }
    // The account name: left out, or whole.
    const name = header.querySelector<HTMLElement>('[data-testid="user-name"]');
    if (name && name.offsetParent !== null && name.scrollWidth > name.clientWidth + 0.5)
      problems.push(`"${title}": the account name shows only "${name.textContent}" in part`);
  }
  return problems;
}

/** The notices on screen that cover the top bar, one of its buttons, or the bottom navigation. */
async function coveringNotices(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hits = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const notices = [...document.querySelectorAll('[data-scope="toast"][data-part="root"]')];
    const header = document.querySelector('header')!;
    const nav = document.querySelector('[data-testid="bottom-nav"]');
    const out: string[] = [];
    for (const n of notices) {
      const r = n.getBoundingClientRect();
      if (hits(r, header.getBoundingClientRect())) out.push(`"${n.textContent}" covers the top bar`);
      if (nav && hits(r, nav.getBoundingClientRect())) out.push(`"${n.textContent}" covers the bottom navigation`);
    }
    // Each top-bar button answers a tap at its centre.
    for (const b of header.querySelectorAll('button, a')) {
      const r = b.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!top || !b.contains(top)) out.push(`the top bar's "${b.getAttribute('aria-label')}" is covered`);
    }
    if (notices.length === 0) out.push('no notice on screen');
    return out;
  });
}

describe('the phone top bar', () => {
  test('every title fits on one line, whole, for the SPG and the team leader, online and offline', async () => {
    // The phone shows a screen's short title where it has one.
    const titles = [...new Set(Object.values(SCREENS).map((s: Screen) => s.short ?? s.title))];
    const problems: string[] = [];
    for (const who of ['spg', 'tl']) {
      const page = await harness.newPage({ viewport: PHONE_360 });
      await loginAs(page, who);
      problems.push(...(await page.evaluate(headerProblems, titles)).map((p) => `${who}: ${p}`));
      // Offline, the sync status takes room beside the title.
      await page.context().setOffline(true);
      await expectVisible(page.getByTestId('sync-indicator'));
      problems.push(...(await page.evaluate(headerProblems, titles)).map((p) => `${who} offline: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});

describe('a store check-in far from the store', () => {
  test('says how far before saving, shows the distance in a warning colour, and its notice covers no button', async () => {
    const admin = await apiToken('admin');
    const { nrp, line } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'radius', 'SPG Jauh');
    const day = await json<{ result: { details: { id: number; customer: { radius_m: number | null } }[] } }>(
      await apiRequest('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${today}`, { token: admin }),
    );
    const radius = day.result.details.find((l) => l.id === line.id)!.customer.radius_m ?? 300;
    expect(radius).toBeLessThan(5000);
    const radiusText = radius < 1000 ? `${radius} m` : `${(radius / 1000).toFixed(1).replace('.', ',')} km`;
    // 0.045° of latitude south of the store: 5.0 km.
    const geolocation = {
      latitude: line.customer.cust_lat! - 0.045,
      longitude: line.customer.cust_long!,
      accuracy: 10,
    };
    const page = await harness.newPage({ viewport: PHONE_360, geolocation });
    await loginAs(page, username);
    await page.goto('/kunjungan/hari-ini');
    const card = page.getByTestId('visit-line').filter({ hasText: line.customer.cust_name }).first();
    await expectVisible(card);
    const badge = card.getByTestId('distance');
    await expect.poll(() => badge.getAttribute('data-outside-radius'), { timeout: WAIT }).toBe('true');
    expect(await badge.textContent()).toContain('5,0 km');

    await card.getByRole('button', { name: 'Check In Toko' }).click();
    const dialog = page.getByRole('dialog');
    const photo = await jpegFromPage(page, 'Toko');
    await dialog.getByTestId('photo-input').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await waitForText(dialog, /Lokasi ditemukan/);
    // Said before saving, and saving stays possible.
    await waitForText(dialog.getByTestId('radius-warning'), `Anda 5,0 km dari toko; radius ${radiusText}`);
    await expectVisible(dialog.getByRole('img', { name: 'Foto' }));
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expectVisible(page.getByText(/^Tersimpan/).first());
    // Once it has slid in (it rises from below the screen's edge).
    await expect.poll(() => coveringNotices(page), { timeout: 3000 }).toEqual([]);
  });
});
