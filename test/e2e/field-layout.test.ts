/**
 * Layout checks that fail when a screen stops fitting (no screenshots): on a 360 × 740 phone no
 * element reaches past the viewport (a table's column pushed off-screen counts, even inside a
 * scrolling box), no tap target is under 44 px, and at the bottom of the page nothing is under the
 * bottom navigation (the field screens, and the team leader's approval list); on an 800 px tablet no
 * field screen reaches past the edge, and the team leader's Approve / Reject / Detail are touch-sized,
 * in the list and in the Detail dialog, and deciding from the dialog works.
 *
 * Makes all its own data: each test has a new SPG (a visit line today) and her new team leader, with
 * accounts of their own (test/e2e/field-team.ts), and files the requests it shows; nothing of the demo
 * `spg` or `tl` is read or changed, so what the screens hold never depends on other journeys.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiToken, BASE_URL, expectVisible, loginAs, setupBrowser, settled } from './browser';
import { freshTeam, type FreshTeam } from './field-team';

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 };
const TABLET_800 = { width: 800, height: 1280 };
const FIELD_SCREENS = ['/profile', '/absensi/new/spg', '/kunjungan/hari-ini', '/request/leave', '/leave', '/sinkron'];
const MIN = 44;
const day = (n = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date(Date.now() + n * 86_400_000));

/** A new SPG and her new team leader, with their accounts. */
async function team(): Promise<FreshTeam> {
  return freshTeam(await apiToken('admin'), day(), 'layout');
}

interface Findings {
  wide: string[];
  small: string[];
  underNav: string[];
}

/** Runs in the page: what sticks out, what is too small to tap, what hides under the bottom bar. */
function inspect(min: number): Findings {
  const vw = document.documentElement.clientWidth;
  const describeEl = (el: Element) => {
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}> "${name}" ${Math.round(r.width)}×${Math.round(r.height)} at x ${Math.round(r.left)}`;
  };
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const wide = [...document.querySelectorAll('body *')]
    .filter(
      (el) => shown(el) && (el.getBoundingClientRect().right > vw + 0.5 || el.getBoundingClientRect().left < -0.5),
    )
    .map(describeEl);
  const targets = [
    ...document.querySelectorAll(
      'a[href], button, select, textarea, input:not([type=hidden]), [role=button], [role=tab], [role=menuitem], [role=checkbox], [role=radio], [role=switch]',
    ),
  ].filter(shown);
  // A link inside a sentence is exempt (WCAG 2.5.8); everything else is a target of its own.
  const ownTargets = targets.filter((el) => !(el.tagName === 'A' && getComputedStyle(el).display === 'inline'));
  const small = ownTargets
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width < min - 0.5 || r.height < min - 0.5;
    })
    .map(describeEl);
  const nav = document.querySelector('[data-testid="bottom-nav"]');
  const navTop = nav && shown(nav) ? nav.getBoundingClientRect().top : Infinity;
  const underNav = ownTargets
    .filter((el) => !nav?.contains(el) && el.getBoundingClientRect().bottom > navTop + 0.5)
    .map(describeEl);
  return { wide, small, underNav };
}

async function check(page: Page): Promise<Findings> {
  await page.waitForLoadState('networkidle');
  await settled(page);
  const top = await page.evaluate(inspect, MIN);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await settled(page);
  const bottom = await page.evaluate(inspect, MIN);
  return { wide: top.wide, small: top.small, underNav: bottom.underNav };
}

/** Files an Izin Tidak Masuk for the SPG through the API, so the team leader has one to decide. */
async function fileIzin(username: string, daysAhead: number): Promise<void> {
  const token = await apiToken(username);
  const form = new FormData();
  form.append('jenis_leave', '3');
  form.append('start_date', day(daysAhead));
  form.append('tanggal', day(0));
  form.append('captured_at', new Date().toISOString());
  form.append('keterangan', 'Urusan keluarga');
  const res = await fetch(new URL('/api/leave', BASE_URL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    body: form,
  });
  expect(res.status).toBe(201);
}

describe('field screens fit a 360 px phone', () => {
  test('no element wider than the screen, no tap target under 44 px, nothing under the bottom navigation', async () => {
    const { spg } = await team();
    await fileIzin(spg.username, 7); // a row in the own list, with its buttons: a table's action column must not leave the screen
    const page = await harness.newPage({ viewport: PHONE_360 });
    await loginAs(page, spg.username);
    const problems: string[] = [];
    for (const path of FIELD_SCREENS) {
      await page.goto(path);
      const found = await check(page);
      problems.push(
        ...found.wide.map((w) => `${path}: wider than the screen: ${w}`),
        ...found.small.map((s) => `${path}: tap target under ${MIN} px: ${s}`),
        ...found.underNav.map((s) => `${path}: under the bottom navigation: ${s}`),
      );
    }
    expect(problems).toEqual([]);
  });

  test("the team leader's approval list on a phone, and nothing past the edge of an 800 px tablet", async () => {
    const problems: string[] = [];
    const report = (where: string, found: Findings, all: boolean) =>
      problems.push(
        ...found.wide.map((w) => `${where}: wider than the screen: ${w}`),
        ...(all ? found.small.map((s) => `${where}: tap target under ${MIN} px: ${s}`) : []),
        ...(all ? found.underNav.map((s) => `${where}: under the bottom navigation: ${s}`) : []),
      );
    const { spg, leader } = await team();
    await fileIzin(spg.username, 7); // a row in her list, with its buttons
    const phone = await harness.newPage({ viewport: PHONE_360 });
    await loginAs(phone, leader.username);
    await phone.goto('/approval/leave');
    await expectVisible(phone.getByRole('row').filter({ hasText: spg.nama }));
    report('360 /approval/leave', await check(phone), true);
    // A tab strip scrolling sideways hid its last tabs past a tablet's edge (/profile, /leave).
    const tablet = await harness.newPage({ viewport: TABLET_800 });
    await loginAs(tablet, spg.username);
    for (const path of FIELD_SCREENS) {
      await tablet.goto(path);
      report(`800 ${path}`, await check(tablet), false);
    }
    expect(problems).toEqual([]);
  });
});

describe('the team leader decides on an 800 px tablet', () => {
  test('Detail, Approve and Reject are touch-sized in the list and in the Detail dialog, which can approve', async () => {
    const { spg, leader } = await team();
    await fileIzin(spg.username, 5);
    const page = await harness.newPage({ viewport: TABLET_800 });
    await loginAs(page, leader.username);
    await page.goto('/approval/leave');
    const row = page.getByRole('row').filter({ hasText: spg.nama }).filter({ hasText: 'Izin Tidak Masuk' }).first();
    await expectVisible(row);
    const sizes = async (scope: ReturnType<Page['locator']>, names: string[]) => {
      const out: string[] = [];
      for (const name of names) {
        // Layout size, not the box on screen: a dialog's opening animation scales its buttons for a moment.
        const box = await scope
          .getByRole('button', { name, exact: true })
          .first()
          .evaluate((el: HTMLElement) => ({ width: el.offsetWidth, height: el.offsetHeight }));
        if (box.height < MIN || box.width < MIN) out.push(`${name}: ${box.width}×${box.height}`);
      }
      return out;
    };
    expect(await sizes(row, ['Detail', 'Approve', 'Reject'])).toEqual([]);

    await row.getByRole('button', { name: 'Detail', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('Detail Leave dan Approval'));
    expect(await sizes(dialog, ['Approve', 'Reject', 'Tutup'])).toEqual([]);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expectVisible(confirm.getByText('Apakah Anda Yakin Approve Pengajuan Leave Pegawai?'));
    expect(await sizes(confirm, ['Approve', 'Batal'])).toEqual([]);
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectVisible(page.getByTestId('pending-badge').first());
  });
});
