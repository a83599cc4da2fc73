/**
 * An upload with refused rows (issue 26 item 3): the upload dialog lists them as a table (row, key,
 * reason) under the counts, with a download of the refused rows, and stays until it is closed; no toast.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/components/toaster';
import { UploadScreen, type UploadOutcome } from '../../src/components/upload/upload-screen';
import { renderScreen } from './render';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

const xlsxFile = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0])], 'absensi-oktober.xlsx');

const OUTCOME: UploadOutcome = {
  message: 'Upload selesai: 1 baru, 0 diubah, 1391 sama, 3 gagal',
  logId: 41,
  failures: [
    { baris: 3, nrp: '26000011', alasan: 'jam_masuk: Jam masuk & keluar harus diisi' },
    { baris: 8, nrp: 'ZZ0001', alasan: 'NRP tidak ditemukan' },
    { baris: 12, nrp: '', alasan: 'nrp: SPG/Karyawan harus diisi' },
  ],
  note: 'NRP tidak terdaftar: ZZ0001',
};

async function uploadWithRefusals(keyLabel?: string) {
  renderScreen(
    <>
      <UploadScreen
        title="Upload Absensi"
        download={null}
        history={null}
        upload={() => Promise.resolve(OUTCOME)}
        logPath="/api/absensi/upload/log"
        keyLabel={keyLabel}
        onCancel={() => {}}
      />
      <Toaster />
    </>,
  );
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByTestId('xlsx-input') as HTMLInputElement, xlsxFile());
  await screen.findByTestId('xlsx-file');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Hasil Upload' });
  return { user, dialog };
}

describe('the upload dialog after refused rows', () => {
  it('shows the counts and every refused row as a table: Baris, NRP, Alasan', async () => {
    const { dialog } = await uploadWithRefusals();
    const d = within(dialog);
    expect(d.getByRole('status').textContent).toBe(OUTCOME.message);
    expect(d.getByText('NRP tidak terdaftar: ZZ0001')).toBeTruthy();
    const table = d.getByRole('table', { name: '3 baris gagal' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Baris', 'NRP', 'Alasan'],
      ['3', '26000011', 'jam_masuk: Jam masuk & keluar harus diisi'],
      ['8', 'ZZ0001', 'NRP tidak ditemukan'],
      ['12', '(tanpa NRP)', 'nrp: SPG/Karyawan harus diisi'],
    ]);
    // Not a toast: the list stays until the dialog is closed.
    expect(screen.queryByText(/^NRP gagal:/)).toBeNull();
  });

  it('names the key column of a store upload', async () => {
    const { dialog } = await uploadWithRefusals('Kode Customer');
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Baris', 'Kode Customer', 'Alasan']);
  });

  it('downloads the refused rows of that upload, then closes', async () => {
    const requests: string[] = [];
    globalThis.fetch = (async (url: string) => {
      requests.push(url);
      return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="gagal-absensi-oktober.xlsx"' },
      });
    }) as typeof fetch;
    URL.createObjectURL = vi.fn(() => 'blob:gagal');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    const { user, dialog } = await uploadWithRefusals();
    await user.click(within(dialog).getByRole('button', { name: 'Download Baris Gagal' }));
    await waitFor(() => expect(saved).toEqual(['gagal-absensi-oktober.xlsx']));
    expect(requests).toEqual(['/api/absensi/upload/log/41/download']);

    await user.click(within(dialog).getAllByRole('button', { name: 'Tutup' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hasil Upload' })).toBeNull());
  });
});
