import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxPayload } from '../../src/domain/outbox-kinds';
import { LeaveRequestPage } from '../../src/features/leave/components/leave-request-page';
import { offlineDb } from '../../src/lib/offline/db';
import { session } from '../../src/lib/session';
import { renderScreen } from './render';

const KINDS = [
  { id: 1, jenis_leave: 'Surat Keterangan Dokter/Ijin Sakit', type: 'SAKIT', status: true },
  { id: 2, jenis_leave: 'Pengajuan Cuti', type: 'CUTI', status: true },
  { id: 3, jenis_leave: 'Izin Tidak Masuk', type: 'IZIN', status: true },
  { id: 9, jenis_leave: 'Izin Lama', type: 'IZIN', status: false },
];
const CUTI = [{ jenis_cuti_id: 4, jenis_cuti: 'Cuti Menikah', lama_hari: 3, potong_tahunan: false, status: true }];

/** A session token as the server signs it (the client only reads the claims). */
function token(claims: Record<string, unknown>) {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
}

function api() {
  const calls: string[] = [];
  globalThis.fetch = (async (url: string) => {
    calls.push(url);
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/jenis-leave')) return answer({ result: KINDS, totalCount: KINDS.length });
    if (url.startsWith('/api/jenis-cuti')) return answer({ result: CUTI, totalCount: 1 });
    if (url.startsWith('/api/period/current/get')) return answer({ result: { id: '202611' } });
    if (url.startsWith('/api/leave/visit/list'))
      return answer({
        result: {
          nrp: '26000002',
          period_id: '202611',
          no_dcp: null,
          mulai: '2026-11-01',
          akhir: '2026-11-30',
          days: [],
          free_days: [],
        },
      });
    if (url.startsWith('/api/leave/cuti/sisa'))
      return answer({
        result: {
          nrp: '26000002',
          tahun: 2026,
          hak: 0,
          terpakai: 0,
          menunggu: 0,
          sisa: 0,
          eligible_from: '2027-05-11',
        },
      });
    throw new Error(`unexpected request ${url}`);
  }) as typeof fetch;
  return calls;
}

beforeEach(async () => {
  api();
  session.start(
    token({
      userid: 'U00004',
      username: 'spg',
      nama: 'Nabila',
      role: 'USER',
      nrp: '26000002',
      permissions: ['leave.read'],
      exp: 4102444800,
    }),
  );
  await offlineDb().outbox.clear();
});

async function chooseKind(label: string) {
  const select = await screen.findByRole('combobox');
  await screen.findByRole('option', { name: label });
  await userEvent.selectOptions(select, label);
}

describe('request leave form', () => {
  it('offers only active kinds and asks for a kind first', async () => {
    renderScreen(<LeaveRequestPage onSaved={() => {}} />);
    await screen.findByRole('option', { name: 'Izin Tidak Masuk' });
    expect(screen.queryByRole('option', { name: 'Izin Lama' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findAllByText('Mohon Melengkapi Formulir')).not.toHaveLength(0);
  });

  it('sick leave: attachment required, over 2 MB refused, then confirmed with the spec text and written to the outbox', async () => {
    const onSaved = vi.fn();
    renderScreen(<LeaveRequestPage onSaved={onSaved} />);
    await chooseKind('Surat Keterangan Dokter/Ijin Sakit');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findAllByText('Lampiran (surat dokter) wajib untuk Surat Keterangan Dokter/Ijin Sakit'),
    ).not.toHaveLength(0);
    expect(screen.getAllByText('Tanggal mulai harus diisi')).not.toHaveLength(0);

    const input = screen.getByTestId('attachment-input') as HTMLInputElement;
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'besar.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, big);
    expect(await screen.findAllByText('File size exceeds 2 MB.')).not.toHaveLength(0);
    expect(screen.queryByTestId('attachment-name')).toBeNull();

    await userEvent.upload(input, new File(['%PDF-1.4\n%%EOF'], 'surat.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('attachment-name')).textContent).toContain('surat.pdf');
    const today = dayjs().format('YYYY-MM-DD');
    fireEvent.change(screen.getByLabelText(/Tanggal Mulai/), { target: { value: today } });
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Simpan Pengajuan')).toBeTruthy();
    expect(
      within(dialog).getByText('Lanjut Simpan Pengajuan Ini? Pengajuan akan di Approval oleh Team Leader dan Admin'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());

    const rows = await offlineDb().outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'leave.create',
      userid: 'U00004',
      path: '/api/leave',
      encoding: 'multipart',
    });
    // The row's kind is checked above: its payload is the leave form's.
    const payload = rows[0]!.payload as OutboxPayload<'leave.create'>;
    expect(payload).toMatchObject({ jenis_leave: '1', start_date: today, tanggal: today });
    expect(payload.end_date).toBeUndefined();
    expect(rows[0]!.files.map((f) => f.name)).toEqual(['surat.pdf']);
  });

  it('cuti: the end date follows the start and the cuti kind and cannot be typed', async () => {
    renderScreen(<LeaveRequestPage onSaved={() => {}} />);
    await chooseKind('Pengajuan Cuti');
    const cuti = await screen.findByRole('option', { name: 'Cuti Menikah (3 hari)' });
    await userEvent.selectOptions(cuti.closest('select')!, 'Cuti Menikah (3 hari)');
    const start = dayjs().add(10, 'day');
    fireEvent.change(screen.getByLabelText(/Tanggal Mulai/), { target: { value: start.format('YYYY-MM-DD') } });
    const end = screen.getByLabelText(/Tanggal Selesai/) as HTMLInputElement;
    await waitFor(() => expect(end.value).toBe(start.add(2, 'day').format('YYYY-MM-DD')));
    expect(end.readOnly).toBe(true);
    expect((await screen.findByTestId('cuti-balance')).textContent).toContain('11/05/2027');
    // Changing the kind resets the other fields (spec §4).
    await userEvent.selectOptions(screen.getAllByRole('combobox')[0]!, 'Izin Tidak Masuk');
    expect((screen.getByLabelText(/Tanggal Mulai/) as HTMLInputElement).value).toBe('');
  });
});
