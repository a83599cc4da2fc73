/**
 * /absensi/posting (issue 26 item 8): a period that has not ended asks first and posts only once HR
 * confirms it (belum_berakhir), and a posted period names who posted it by name.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PostingPage } from '../../src/features/absensi/posting/components/posting-page';
import { renderScreen } from './render';

const PERIOD = { id: '202611', kode_prsh: 'KM', mulai: '2026-11-01', akhir: '2026-11-30', jum_hk: 25, status: true };
const ROW = {
  period_id: '202611',
  nrp: '26000002',
  karyawan: { nama: 'Sari Dewi' },
  period: { jum_hk: 25 },
  count_attend: 20,
  count_gapok: 22,
  count_tun_makan: 19,
  count_tun_bensin: 19,
  count_uang_shift: 0,
};

/** Answers by address: the periods, the summary (open or posted), the posting. */
function server(opts: { berakhir: boolean; posted: boolean }) {
  const posts: unknown[] = [];
  const posting = {
    posted_at: '2026-11-28T02:00:00.000Z',
    posted_by: 'U00002',
    posted_by_nama: 'Staf HR',
    employee_count: 1,
  };
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/period')) return json(200, { result: [PERIOD], totalCount: 1 });
    if (url.startsWith('/api/absensi/period/202611/after-posting')) return json(200, { result: [], totalCount: 0 });
    if (url.startsWith('/api/absensi/period/202611'))
      return json(200, {
        result: [ROW],
        totalCount: 1,
        period: {
          id: PERIOD.id,
          mulai: PERIOD.mulai,
          akhir: PERIOD.akhir,
          jum_hk: 25,
          status: true,
          berakhir: opts.berakhir,
        },
        posting: opts.posted ? posting : null,
      });
    if (url === '/api/absensi/posting' && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return json(200, { message: 'Absensi periode 202611 berhasil diposting (1 karyawan)', result: posting });
    }
    throw new Error(`unexpected request ${url}`);
  }) as typeof fetch;
  return posts;
}

describe('posting a period', () => {
  it('asks first when the period has not ended, and says so when posting it', async () => {
    const posts = server({ berakhir: false, posted: false });
    renderScreen(<PostingPage search={{ period: '202611', page: 1 }} onSearch={() => {}} />);
    expect(await screen.findByText(/Periode ini belum berakhir/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Posting' }));
    expect(await screen.findByText('Periode 202611 belum berakhir (sampai 2026-11-30).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Tetap Posting' }));
    await waitFor(() => expect(posts).toEqual([{ period_id: '202611', belum_berakhir: true }]));
  });

  it('asks the usual question for an ended period, and names who posted by name', async () => {
    const posts = server({ berakhir: true, posted: false });
    const view = renderScreen(<PostingPage search={{ period: '202611', page: 1 }} onSearch={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Posting' }));
    expect(await screen.findByText(/Posting absensi periode 202611\?/)).toBeTruthy();
    expect(screen.queryByText(/belum berakhir/)).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Posting' }).at(-1)!);
    await waitFor(() => expect(posts).toEqual([{ period_id: '202611', belum_berakhir: false }]));
    view.unmount();

    server({ berakhir: true, posted: true });
    renderScreen(<PostingPage search={{ period: '202611', page: 1 }} onSearch={() => {}} />);
    expect(await screen.findByText(/oleh Staf HR · 1 karyawan/)).toBeTruthy();
    expect(screen.queryByText(/U00002/)).toBeNull();
  });
});
