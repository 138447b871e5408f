import { inflateSync } from 'node:zlib';
import { formatPdfAmount, renderPdf } from './pdf-document';

/** The hex form pdfkit writes a standard-font string in (WinAnsi; these samples are Latin-1). */
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

function contentStreams(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  for (const match of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const body = pdf.subarray(start, raw.indexOf('endstream', start)).subarray(0, -1);
    try {
      out += /FlateDecode/.test(match[1]) ? inflateSync(body).toString('latin1') : body.toString('latin1');
    } catch {}
  }
  return out.replace(/> -?\d+(\.\d+)? </g, ''); // join kerned pieces of one string
}

describe('renderPdf', () => {
  it.each([true, false])('writes headings, paragraphs, tables and footer (compress=%s)', async (compress) => {
    const pdf = await renderPdf({ title: 'Kvittering 7', brand: 'Trading Akademi', compress }, (doc) => {
      doc.heading('Kvittering nr. 7');
      doc.paragraph('Blåbærsyltetøy ÆØÅ');
      doc.table([
        { label: 'Beløp eks. MVA', value: formatPdfAmount(127920) },
        { label: 'Totalt', value: formatPdfAmount(159900), emphasis: true },
      ]);
      doc.footer(['Org.nr. 123 456 789 MVA']);
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const streams = contentStreams(pdf);
    for (const text of ['Trading Akademi', 'Kvittering nr. 7', 'Blåbærsyltetøy ÆØÅ', 'Totalt', 'Org.nr. 123 456 789 MVA']) {
      expect(streams).toContain(hex(text));
    }
  });

  it('formats amounts in Norwegian', () => {
    expect(formatPdfAmount(0)).toBe('0,00 kr');
    expect(formatPdfAmount(-159900)).toBe('-1 599,00 kr');
    expect(formatPdfAmount(123456789)).toBe('1 234 567,89 kr');
  });
});
