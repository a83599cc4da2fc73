/**
 * A small, valid PDF 1.4 written by hand: A4 pages of Helvetica text lines (no dependency). Enough for
 * the generated documents of the employee area (contract, termination agreement). Text is encoded as
 * WinAnsi (Latin-1 here); characters outside it become '?'.
 */

export interface PdfLine {
  text: string;
  /** Points; default 10. */
  size?: number;
  bold?: boolean;
  /** Extra space before the line, in points. */
  gap?: number;
  /** A label printed in the left column, the text then starting at the value column. */
  label?: string;
  /** Text of a second column on the right half (signature blocks). */
  right?: string;
}

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 56;
const VALUE_X = MARGIN + 150;
const RIGHT_X = PAGE_W / 2 + 20;

function latin1(s: string): string {
  return s
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—−]/g, '-')
    .replace(/×/g, 'x')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

const escape = (s: string) => latin1(s).replace(/[\\()]/g, (ch) => `\\${ch}`);

/** Splits the lines into pages, each line advancing by 1.45 × its size. */
function paginate(lines: PdfLine[]): string[] {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 10;
    const step = size * 1.45 + (line.gap ?? 0);
    if (y - step < MARGIN && ops.length) {
      pages.push(ops.join('\n'));
      ops = [];
      y = PAGE_H - MARGIN;
    }
    y -= step;
    const font = line.bold ? 'F2' : 'F1';
    const at = (x: number, t: string) => `BT /${font} ${size} Tf ${x} ${y.toFixed(1)} Td (${escape(t)}) Tj ET`;
    if (line.label !== undefined) ops.push(at(MARGIN, line.label), at(VALUE_X, `: ${line.text}`));
    else ops.push(at(MARGIN, line.text));
    if (line.right !== undefined) ops.push(at(RIGHT_X, line.right));
  }
  pages.push(ops.join('\n'));
  return pages;
}

/** The document's bytes: `%PDF-1.4` … `%%EOF`, with a correct cross-reference table. */
export function renderPdf(lines: PdfLine[], title = 'Dokumen'): Uint8Array {
  const pages = paginate(lines);
  const objects: string[] = [];
  // push answers the new length, which is the object's (1-based) number.
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title (${escape(title)}) /Producer (Hadir) >>`);
  const kids: number[] = [];
  for (const content of pages) {
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
