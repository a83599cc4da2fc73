/**
 * The shared upload screen (src/components/upload, spec part 1 §2 and §5 "Uploads", part 2 §2.7):
 * one .xlsx by name and content, shown with its size in KB (bytes / 1000, floored); anything else
 * cleared with the spec's message and Submit disabled; the blocking dialog while it uploads; a clean
 * upload's notice with its counts (refused rows: test/client/upload-result.test.tsx).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/components/toaster';
import type { UploadProgress } from '../../src/components/upload/upload-request';
import { UploadScreen, type UploadOutcome } from '../../src/components/upload/upload-screen';
import { UPLOAD_FILE_MESSAGES } from '../../src/domain/upload';
import { renderScreen } from './render';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

/** A file of `size` bytes starting with `head`. */
function fileOf(name: string, size: number, head: number[] = ZIP): File {
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  return new File([bytes], name, { type: 'application/octet-stream' });
}

function setup(upload = vi.fn<(f: File, p: (x: UploadProgress) => void) => Promise<UploadOutcome>>()) {
  const onCancel = vi.fn();
  renderScreen(
    <>
      <UploadScreen
        title="Upload dan Download Data Karyawan"
        download={null}
        history={<p>riwayat</p>}
        upload={upload}
        logPath="/api/karyawan/upload/log"
        onCancel={onCancel}
      />
      <Toaster />
    </>,
  );
  const user = userEvent.setup({ applyAccept: false });
  const input = screen.getByTestId('xlsx-input') as HTMLInputElement;
  const submit = () => screen.getByRole('button', { name: 'Submit', hidden: true });
  return { user, input, submit, upload, onCancel };
}

describe('the drop zone', () => {
  it('takes an .xlsx: shows its name and size in KB (bytes / 1000, floored) and enables Submit', async () => {
    const { user, input, submit } = setup();
    expect(disabled(submit())).toBe(true);
    await user.upload(input, fileOf('karyawan-baru.xlsx', 12_999));
    const shown = await screen.findByTestId('xlsx-file');
    expect(within(shown).getByText('karyawan-baru.xlsx')).toBeTruthy();
    expect(within(shown).getByText('12 KB')).toBeTruthy();
    expect(disabled(submit())).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears anything else with the spec message in red and disables Submit', async () => {
    const { user, input, submit } = setup();
    const cases = [
      fileOf('data.csv', 2000, [0x6e, 0x72, 0x70]), // not .xlsx by name
      fileOf('palsu.xlsx', 2000, [0x6e, 0x72, 0x70, 0x2c]), // .xlsx by name, not by content
      fileOf('lama.xls', 2000, [0xd0, 0xcf, 0x11, 0xe0]),
      fileOf('zip.xlsx.pdf', 2000),
    ];
    for (const file of cases) {
      await user.upload(input, fileOf('baik.xlsx', 5000));
      await screen.findByTestId('xlsx-file');
      expect(disabled(submit())).toBe(false);
      await user.upload(input, file);
      expect((await screen.findByRole('alert')).textContent).toContain(UPLOAD_FILE_MESSAGES.format);
      expect(screen.queryByTestId('xlsx-file')).toBeNull();
      expect(disabled(submit())).toBe(true);
    }
  });

  it('takes one file only', async () => {
    const { user, submit } = setup();
    const zone = screen.getByTestId('xlsx-drop-zone');
    const files = [fileOf('a.xlsx', 100), fileOf('b.xlsx', 100)];
    await user.pointer({ target: zone });
    zone.dispatchEvent(Object.assign(new Event('drop', { bubbles: true }), { dataTransfer: { files } }));
    expect((await screen.findByRole('alert')).textContent).toContain(UPLOAD_FILE_MESSAGES.format);
    expect(disabled(submit())).toBe(true);
  });
});

describe('Submit', () => {
  it('blocks the screen while uploading, then tells the counts in a notice', async () => {
    let finish: (o: UploadOutcome) => void = () => {};
    const upload = vi.fn((_f: File, progress: (p: UploadProgress) => void) => {
      progress({ loaded: 600, total: 1000, percent: 60 });
      return new Promise<UploadOutcome>((resolve) => {
        finish = resolve;
      });
    });
    const { user, input, submit } = setup(upload);
    await user.upload(input, fileOf('karyawan.xlsx', 1000));
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(UPLOAD_FILE_MESSAGES.inProgress);
    expect(dialog.textContent).toContain('60%');
    expect(upload.mock.calls[0]?.[0].name).toBe('karyawan.xlsx');
    expect(disabled(submit())).toBe(true);

    finish({ message: 'Upload berhasil: 2 baru, 1 diubah, 7 sama', logId: 9, failures: [] });
    expect(await screen.findByText('Upload berhasil: 2 baru, 1 diubah, 7 sama')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The file is done with: Submit waits for the next one.
    expect(screen.queryByTestId('xlsx-file')).toBeNull();
    expect(disabled(submit())).toBe(true);
  });

  it('shows a refused upload in red under the drop zone and keeps the file', async () => {
    const upload = vi.fn(() => Promise.reject(new Error(UPLOAD_FILE_MESSAGES.format)));
    const { user, input, submit } = setup(upload);
    await user.upload(input, fileOf('karyawan.xlsx', 1000));
    await user.click(submit());
    const alerts = await screen.findAllByText(UPLOAD_FILE_MESSAGES.format);
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('alert').textContent).toContain(UPLOAD_FILE_MESSAGES.format);
    expect(screen.getByTestId('xlsx-file')).toBeTruthy();
  });

  it('Cancel goes back', async () => {
    const { user, onCancel } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
