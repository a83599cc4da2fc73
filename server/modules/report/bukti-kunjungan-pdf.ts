/**
 * GET /api/report/bukti-kunjungan/pdf: the summary the agency sends its client (server/lib/pdf.ts,
 * PdfCanvas). Title, client, period, the totals with compliance, how each figure is counted, the table
 * per store × SPG (its header repeated on every page), then a sample of up to BUKTI_PDF_PHOTOS verified
 * check-in photos, read from the storage as they were stored (JPEG only; a photo that cannot be read is
 * skipped, the next verified one takes its place).
 */
import {
  BUKTI_KUNJUNGAN_TITLE,
  BUKTI_LABEL as L,
  BUKTI_PDF_PHOTOS,
  buktiTotals,
  complianceText,
  periodText,
  tanggalText,
  type BuktiKunjunganQuery,
  type BuktiKunjunganRow,
} from '../../../src/domain/report/bukti-kunjungan';
import { dateIn } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { PHOTO_NAME, photoKey } from '../../lib/files';
import { jpegInfo, PdfCanvas, type PdfColor, type PdfJpeg } from '../../lib/pdf';
import type { Storage } from '../../lib/storage';
import { buktiContext, buktiRows, verifiedPhotoVisits, type BuktiVisit } from './bukti-kunjungan.service';

export const PDF_TYPE = 'application/pdf';

const MARGIN = 40;
const WIDTH = PdfCanvas.WIDTH - 2 * MARGIN;
const BOTTOM = PdfCanvas.HEIGHT - 50;
const GREY: PdfColor = [0.42, 0.42, 0.45];
const HEAD_FILL: PdfColor = [0.9, 0.92, 0.95];
const ZEBRA: PdfColor = [0.97, 0.97, 0.98];
const LINE: PdfColor = [0.8, 0.8, 0.83];

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  cell: (r: BuktiKunjunganRow) => string;
}

const COLUMNS: Column[] = [
  { header: L.store, width: 135, align: 'left', cell: (r) => `${r.cust_code} · ${r.store}` },
  { header: 'SPG', width: 120, align: 'left', cell: (r) => `${r.nrp} · ${r.nama}` },
  { header: L.planned, width: 38, align: 'right', cell: (r) => String(r.planned) },
  { header: L.visited, width: 44, align: 'right', cell: (r) => String(r.visited) },
  { header: L.verified, width: 50, align: 'right', cell: (r) => String(r.verified) },
  { header: L.rejected, width: 36, align: 'right', cell: (r) => String(r.rejected) },
  { header: L.open, width: 38, align: 'right', cell: (r) => String(r.open) },
  { header: L.compliance, width: 54, align: 'right', cell: (r) => complianceText(r.compliance) },
];

/** Reads up to `limit` verified check-in photos that are JPEGs the PDF can hold. */
async function samplePhotos(
  storage: Storage,
  visits: BuktiVisit[],
  limit: number,
): Promise<{ visit: BuktiVisit; jpeg: PdfJpeg }[]> {
  const out: { visit: BuktiVisit; jpeg: PdfJpeg }[] = [];
  for (const visit of visits) {
    if (out.length >= limit) break;
    const name = visit.in_foto;
    if (!name || !PHOTO_NAME.test(name)) continue;
    try {
      const bytes = await storage.get(photoKey(name));
      const jpeg = bytes ? jpegInfo(bytes) : null;
      if (jpeg) out.push({ visit, jpeg });
    } catch (err) {
      console.error('[report bukti-kunjungan] photo skipped:', name, err);
    }
  }
  return out;
}

function tableHeader(pdf: PdfCanvas, y: number): number {
  const h = 24;
  pdf.rect(MARGIN, y, WIDTH, h, { fill: HEAD_FILL });
  let x = MARGIN;
  for (const c of COLUMNS) {
    // Two-word headers (Perlu Ditinjau) break onto a second line in narrow columns.
    const words = c.header.split(' ');
    const lines = words.length > 1 && c.width < 60 ? [words[0]!, words.slice(1).join(' ')] : [c.header];
    lines.forEach((t, i) =>
      pdf.text(x + 3, y + (lines.length === 1 ? 15 : 10 + i * 9), t, {
        size: 7.5,
        bold: true,
        align: c.align,
        width: c.width - 6,
      }),
    );
    x += c.width;
  }
  return y + h;
}

function tableRow(pdf: PdfCanvas, y: number, cells: string[], opts: { fill?: PdfColor; bold?: boolean }): number {
  const h = 16;
  if (opts.fill) pdf.rect(MARGIN, y, WIDTH, h, { fill: opts.fill });
  let x = MARGIN;
  COLUMNS.forEach((c, i) => {
    pdf.text(x + 3, y + 11, cells[i] ?? '', { size: 8, bold: opts.bold, align: c.align, width: c.width - 6 });
    x += c.width;
  });
  pdf.line(MARGIN, y + h, MARGIN + WIDTH, y + h, LINE);
  return y + h;
}

export async function pdfBukti(
  deps: { db: Db; storage: Storage; now: Date },
  actor: Actor,
  q: BuktiKunjunganQuery,
): Promise<{ name: string; body: Uint8Array }> {
  const ctx = await buktiContext(deps.db, q);
  const rows = await buktiRows(deps.db, actor, ctx);
  const totals = buktiTotals(rows);
  // More candidates than shown: a photo that cannot be read gives its place to the next one.
  const photos = await samplePhotos(
    deps.storage,
    await verifiedPhotoVisits(deps.db, actor, ctx, BUKTI_PDF_PHOTOS * 3),
    BUKTI_PDF_PHOTOS,
  );

  const pdf = new PdfCanvas();
  let y = 64;
  pdf.text(MARGIN, y, BUKTI_KUNJUNGAN_TITLE, { size: 18, bold: true });
  y += 22;
  const meta: [string, string][] = [
    ['Client', `${ctx.client.id} - ${ctx.client.nama}`],
    ['Period', periodText(ctx.period)],
    ['Dicetak', tanggalText(dateIn('Asia/Jakarta', deps.now))],
  ];
  for (const [label, value] of meta) {
    pdf.text(MARGIN, y, label, { size: 10, color: GREY });
    pdf.text(MARGIN + 60, y, `: ${value}`, { size: 10, bold: label === 'Client', width: WIDTH - 60 });
    y += 15;
  }

  // The totals, one box each.
  y += 6;
  const boxes: [string, string][] = [
    [L.planned, String(totals.planned)],
    [L.visited, String(totals.visited)],
    [L.verified, String(totals.verified)],
    [L.rejected, String(totals.rejected)],
    [L.open, String(totals.open)],
    [L.compliance, complianceText(totals.compliance)],
  ];
  const gap = 6;
  const boxW = (WIDTH - gap * (boxes.length - 1)) / boxes.length;
  boxes.forEach(([label, value], i) => {
    const x = MARGIN + i * (boxW + gap);
    const last = i === boxes.length - 1;
    pdf.rect(x, y, boxW, 46, { fill: last ? [0.9, 0.96, 0.91] : [0.96, 0.97, 0.98], stroke: LINE });
    pdf.text(x + 6, y + 14, label, { size: 7.5, color: GREY, width: boxW - 12 });
    pdf.text(x + 6, y + 36, value, { size: 16, bold: true, width: boxW - 12 });
  });
  y += 60;
  pdf.text(MARGIN, y, `${totals.stores} store, ${totals.spg} SPG.`, { size: 8, color: GREY });
  y += 11;
  for (const note of [
    'Dikunjungi: check in tercatat dan tidak ditolak. Terverifikasi: check in ditandatangani passkey perangkat SPG,',
    'tidak ditolak dan tidak menunggu tinjauan. Kepatuhan = Dikunjungi / Rencana x 100%.',
  ]) {
    pdf.text(MARGIN, y, note, { size: 7.5, color: GREY });
    y += 10;
  }

  // The table per store × SPG.
  y += 10;
  y = tableHeader(pdf, y);
  if (!rows.length) {
    pdf.text(MARGIN + 3, y + 14, 'Tidak ada kunjungan terencana untuk client ini pada period tersebut.', {
      size: 9,
      color: GREY,
    });
    y += 22;
  }
  rows.forEach((r, i) => {
    if (y + 16 > BOTTOM) {
      pdf.addPage();
      y = tableHeader(pdf, 50);
    }
    y = tableRow(
      pdf,
      y,
      COLUMNS.map((c) => c.cell(r)),
      { fill: i % 2 ? ZEBRA : undefined },
    );
  });
  if (rows.length) {
    if (y + 16 > BOTTOM) {
      pdf.addPage();
      y = tableHeader(pdf, 50);
    }
    y = tableRow(
      pdf,
      y,
      [
        'Total',
        `${totals.spg} SPG`,
        String(totals.planned),
        String(totals.visited),
        String(totals.verified),
        String(totals.rejected),
        String(totals.open),
        complianceText(totals.compliance),
      ],
      { fill: HEAD_FILL, bold: true },
    );
  }

  // A sample of verified photos, three to a row.
  const cols = 3;
  const cellGap = 10;
  const cellW = (WIDTH - cellGap * (cols - 1)) / cols;
  const photoH = 124;
  const rowH = photoH + 34;
  if (y + 40 + rowH > BOTTOM) {
    pdf.addPage();
    y = 40;
  }
  y += 28;
  pdf.text(MARGIN, y, 'Contoh Foto Kunjungan Terverifikasi', { size: 12, bold: true });
  y += 10;
  if (!photos.length) {
    pdf.text(MARGIN, y + 12, 'Belum ada foto kunjungan terverifikasi yang dapat ditampilkan.', {
      size: 9,
      color: GREY,
    });
  }
  photos.forEach(({ visit, jpeg }, i) => {
    const col = i % cols;
    if (col === 0 && i > 0) y += rowH;
    if (col === 0 && y + rowH > BOTTOM) {
      pdf.addPage();
      y = 50;
    }
    const x = MARGIN + col * (cellW + cellGap);
    pdf.rect(x, y, cellW, photoH, { fill: [0.95, 0.95, 0.96] });
    pdf.image(jpeg, x, y, cellW, photoH);
    const jam = visit.in_jam ? ` ${visit.in_jam.slice(0, 5)}` : '';
    pdf.text(x, y + photoH + 11, `${tanggalText(visit.tanggal)}${jam} · ${visit.cust_code} ${visit.store}`, {
      size: 7,
      width: cellW,
    });
    pdf.text(x, y + photoH + 21, `${visit.nrp} · ${visit.nama}`, { size: 7, color: GREY, width: cellW });
  });

  const title = `${BUKTI_KUNJUNGAN_TITLE} ${ctx.client.nama} ${ctx.period.id}`;
  const body = pdf.render(
    title,
    (page, pages) =>
      `${BUKTI_KUNJUNGAN_TITLE} - ${ctx.client.nama} - Period ${ctx.period.id}    Halaman ${page} dari ${pages}`,
  );
  return { name: `bukti-kunjungan-${ctx.client.id}-${ctx.period.id}.pdf`, body };
}
