/** GET /api/request/karyawan/{id}/download: one request as a one-page PDF (server/lib/pdf.ts). */
import { dateTimeForPeople } from '../../../src/domain/dates';
import { profileValueText, type ProfileRequestDetail } from '../../../src/domain/karyawan/request';
import { renderPdf, type PdfLine } from '../../lib/pdf';

export function requestPdf(x: ProfileRequestDetail): { name: string; bytes: Uint8Array } {
  const decided = x.approve_status !== 'N';
  const lines: PdfLine[] = [
    { text: 'PERMINTAAN PERUBAHAN DATA PROFIL KARYAWAN', size: 14, bold: true },
    { text: `Nomor: ${x.nomor_registrasi}`, gap: 2 },
    { label: 'Nama', text: x.nama, gap: 14 },
    { label: 'NRP', text: x.nrp },
    { label: 'Sales Office', text: x.sales_office ? `${x.sales_office.id} - ${x.sales_office.nama}` : '-' },
    { label: 'Tanggal pengajuan', text: dateTimeForPeople(x.tanggal_pengajuan) },
    { label: 'Status', text: x.status, bold: true },
    { label: 'Tanggal approve', text: dateTimeForPeople(x.approve_date) },
    { label: 'Diproses oleh', text: x.approve_by_nama ?? '-' },
    { label: 'Keterangan', text: x.keterangan ?? '-' },
    {
      text: decided ? 'Data yang diminta (data lama saat diproses)' : 'Data yang diminta (data saat ini)',
      bold: true,
      gap: 12,
    },
  ];
  for (const item of x.items) {
    const before = decided ? item.previous : item.current;
    lines.push(
      { label: item.label, text: profileValueText(item.field, before), gap: 4 },
      { label: '   menjadi', text: profileValueText(item.field, item.requested), bold: true },
    );
  }
  lines.push(
    { text: 'Karyawan', right: 'Admin / HR', gap: 30 },
    { text: `( ${x.nama} )`, right: `( ${x.approve_by_nama ?? '..................'} )`, gap: 50 },
  );
  return { name: `${x.nomor_registrasi}.pdf`, bytes: renderPdf(lines, x.nomor_registrasi) };
}
