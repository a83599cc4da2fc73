/**
 * A small, valid PDF 1.4 written by hand: A4 pages of Helvetica text lines (no dependency). Enough for
 * the generated documents of the employee area (contract, termination agreement). Text is encoded as
 * WinAnsi (Latin-1 here); characters outside it become '?'. `PdfCanvas` below draws pages freely (tables,
 * boxes, JPEG photos embedded as they are stored, DCTDecode) for reports such as Bukti Kunjungan.
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

// ---------------------------------------------------------------- drawn pages (tables, photos)

/** Helvetica's advance widths (per 1000 em) of the printable ASCII characters 32–126 (the AFM's). */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

/** The printed width of a text in points (Helvetica; bold estimated 6 % wider). */
export function textWidth(text: string, size: number, bold = false): number {
  let w = 0;
  for (const ch of latin1(text)) {
    const code = ch.charCodeAt(0);
    w += code >= 32 && code <= 126 ? HELVETICA_WIDTHS[code - 32]! : 556;
  }
  return (w / 1000) * size * (bold ? 1.06 : 1);
}

/** The text cut with '…' (as '...') to fit `width` points. */
export function fitText(text: string, width: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  let cut = text;
  while (cut.length > 0 && textWidth(`${cut}...`, size, bold) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}

/** A JPEG as a PDF image reads it (DCTDecode: the bytes go in as they are). */
export interface PdfJpeg {
  bytes: Uint8Array;
  width: number;
  height: number;
  components: 1 | 3 | 4;
}

/** The size and colour components of a baseline or progressive JPEG; null when it is not one. */
export function jpegInfo(bytes: Uint8Array): PdfJpeg | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end or scan data before any frame header
    const len = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 >= bytes.length) return null;
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      const components = bytes[i + 9]!;
      if (!width || !height || (components !== 1 && components !== 3 && components !== 4)) return null;
      return { bytes, width, height, components };
    }
    i += 2 + len;
  }
  return null;
}

export type PdfColor = readonly [number, number, number];

const rgb = (c: PdfColor) => c.map((x) => x.toFixed(3)).join(' ');

/**
 * A4 portrait pages drawn one operation at a time: text, filled or stroked rectangles, lines and JPEG
 * photos. Positions are in points from the page's top-left corner (y grows downwards; a text's y is its
 * baseline). `render` writes the document with every page's `footer` (e.g. "Halaman 1 dari 3").
 */
export class PdfCanvas {
  static readonly WIDTH = PAGE_W;
  static readonly HEIGHT = PAGE_H;
  private readonly pages: string[][] = [];
  private readonly images: PdfJpeg[] = [];

  constructor() {
    this.addPage();
  }

  get pageCount(): number {
    return this.pages.length;
  }

  addPage(): void {
    this.pages.push([]);
  }

  private get ops(): string[] {
    return this.pages[this.pages.length - 1]!;
  }

  text(
    x: number,
    y: number,
    text: string,
    opts: { size?: number; bold?: boolean; color?: PdfColor; align?: 'left' | 'right' | 'center'; width?: number } = {},
  ): void {
    const size = opts.size ?? 10;
    const bold = opts.bold ?? false;
    const shown = opts.width !== undefined ? fitText(text, opts.width, size, bold) : text;
    const w = textWidth(shown, size, bold);
    const left =
      opts.align === 'right'
        ? x + (opts.width ?? 0) - w
        : opts.align === 'center'
          ? x + ((opts.width ?? 0) - w) / 2
          : x;
    const color = opts.color ? `${rgb(opts.color)} rg ` : '';
    this.ops.push(
      `q ${color}BT /${bold ? 'F2' : 'F1'} ${size} Tf ${left.toFixed(1)} ${(PAGE_H - y).toFixed(1)} Td (${escape(shown)}) Tj ET Q`,
    );
  }

  rect(x: number, y: number, w: number, h: number, opts: { fill?: PdfColor; stroke?: PdfColor } = {}): void {
    const box = `${x.toFixed(1)} ${(PAGE_H - y - h).toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)} re`;
    const fill = opts.fill ? `${rgb(opts.fill)} rg ` : '';
    const stroke = opts.stroke ? `${rgb(opts.stroke)} RG 0.5 w ` : '';
    const paint = opts.fill && opts.stroke ? 'B' : opts.fill ? 'f' : 'S';
    this.ops.push(`q ${fill}${stroke}${box} ${paint} Q`);
  }

  line(x1: number, y1: number, x2: number, y2: number, color: PdfColor = [0.8, 0.8, 0.8]): void {
    this.ops.push(
      `q ${rgb(color)} RG 0.5 w ${x1.toFixed(1)} ${(PAGE_H - y1).toFixed(1)} m ${x2.toFixed(1)} ${(PAGE_H - y2).toFixed(1)} l S Q`,
    );
  }

  /** The photo fitted inside the box (aspect kept, centred); answers the drawn size. */
  image(img: PdfJpeg, x: number, y: number, w: number, h: number): { width: number; height: number } {
    const scale = Math.min(w / img.width, h / img.height);
    const dw = img.width * scale;
    const dh = img.height * scale;
    const left = x + (w - dw) / 2;
    const top = y + (h - dh) / 2;
    this.images.push(img);
    this.ops.push(
      `q ${dw.toFixed(2)} 0 0 ${dh.toFixed(2)} ${left.toFixed(2)} ${(PAGE_H - top - dh).toFixed(2)} cm /Im${this.images.length} Do Q`,
    );
    return { width: dw, height: dh };
  }

  /** The document's bytes; `footer` is drawn at the bottom of every page. */
  render(title: string, footer?: (page: number, pages: number) => string): Uint8Array {
    const objects: string[] = [];
    const add = (body: string) => objects.push(body);
    add('<< /Type /Catalog /Pages 2 0 R >>');
    add('');
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    add(`<< /Title (${escape(title)}) /Producer (Hadir) >>`);
    const imageRefs = this.images.map((img) => {
      const space = img.components === 1 ? '/DeviceGray' : img.components === 3 ? '/DeviceRGB' : '/DeviceCMYK';
      // Adobe writes CMYK JPEGs inverted.
      const decode = img.components === 4 ? ' /Decode [1 0 1 0 1 0 1 0]' : '';
      const data = Buffer.from(img.bytes).toString('latin1');
      return add(
        `<< /Type /XObject /Subtype /Image /Width ${img.width} /Height ${img.height} /ColorSpace ${space} ` +
          `/BitsPerComponent 8 /Filter /DCTDecode${decode} /Length ${img.bytes.length} >>\nstream\n${data}\nendstream`,
      );
    });
    const xobjects = imageRefs.length
      ? ` /XObject << ${imageRefs.map((ref, i) => `/Im${i + 1} ${ref} 0 R`).join(' ')} >>`
      : '';
    const kids: number[] = [];
    this.pages.forEach((ops, i) => {
      const all = footer
        ? [
            ...ops,
            `q 0.45 0.45 0.45 rg BT /F1 8 Tf ${MARGIN} 28 Td (${escape(footer(i + 1, this.pages.length))}) Tj ET Q`,
          ]
        : ops;
      const content = all.join('\n');
      const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
      kids.push(
        add(
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
            `/Resources << /Font << /F1 3 0 R /F2 4 0 R >>${xobjects} >> /Contents ${stream} 0 R >>`,
        ),
      );
    });
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
}
