/** server/lib/pdf.ts: the generated documents are real PDFs whose cross-reference table is exact. */
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../../server/lib/pdf';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('renderPdf', () => {
  it('writes %PDF-1.4 … %%EOF with the text lines, escaped, in Helvetica', () => {
    const pdf = text(
      renderPdf(
        [
          { text: 'NRP 26000123 (kontrak) \\ x', bold: true },
          { label: 'Nama', text: 'Ani' },
        ],
        'Uji',
      ),
    );
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('(NRP 26000123 \\(kontrak\\) \\\\ x) Tj');
    expect(pdf).toContain('/BaseFont /Helvetica');
    expect(pdf).toContain('(: Ani) Tj');
  });

  it('points every xref entry at its object and startxref at the table', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ text: `Baris ${i + 1} – é ü 日本` }));
    const pdf = text(renderPdf(lines));
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const [, count] = /xref\n0 (\d+)\n/.exec(pdf.slice(startxref)) ?? [];
    const entries = pdf
      .slice(startxref)
      .split('\n')
      .slice(3, 2 + Number(count));
    expect(entries.length).toBe(Number(count) - 1);
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    // 120 lines of 10 pt do not fit one page (50 a page): three pages, all listed.
    expect(pdf).toContain('/Count 3 >>');
    expect(pdf.match(/\/Type \/Page /g)).toHaveLength(3);
    // Outside Latin-1 becomes '?', the dash a hyphen; the Latin-1 letters stay.
    expect(pdf).toContain('(Baris 1 - \xe9 \xfc ??) Tj');
    // Stream lengths are exact.
    for (const m of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = (m.index ?? 0) + m[0].length;
      expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
    }
  });
});
