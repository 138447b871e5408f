import { csvCell, csvLine, leadCsvRow, LEAD_CSV_HEADER } from './leads-csv';
import type { AdminLead } from '@academy/contracts';

/** What a spreadsheet would see if it split the cell on `sep` (or on any separator) and trimmed. */
function pieces(cell: string, sep: RegExp = /[;,\t\r\n]/): string[] {
  const inner = cell.slice(1, -1).replace(/""/g, '"');
  return inner.split(sep).map((p) => p.replace(/^[ \u00A0"]*/, ''));
}

const RISKY = /^[=+\-@\t\r]/;

describe('CSV cells', () => {
  it('quotes every cell, doubling quotes; empty values are an empty quoted cell', () => {
    expect(csvCell('Bjørn')).toBe('"Bjørn"');
    expect(csvCell('Bjørn; Ærlig')).toBe('"Bjørn; Ærlig"');
    expect(csvCell('sa "hei"')).toBe('"sa ""hei"""');
    expect(csvCell('linje 1\r\nlinje 2')).toBe('"linje 1\r\nlinje 2"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(true)).toBe('"Ja"');
    expect(csvCell(false)).toBe('"Nei"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvLine(['a', 1, false, null])).toBe('"a";"1";"Nei";""\r\n');
  });

  it.each([
    ['=1+1', `"'=1+1"`],
    ['+47 900 00 000', `"'+47 900 00 000"`],
    ['-5', `"'-5"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t'=1"`],
    ['\r=1', `"'\r'=1"`],
    ['  =1+1', `"'  =1+1"`],
    ['"=1+1', `"'""=1+1"`],
    ['hei;=HYPERLINK("http://x","klikk")', `"hei;'=HYPERLINK(""http://x"",""klikk"")"`],
    ['hei,+1', `"hei,'+1"`],
    ['hei\t-1', `"hei\t'-1"`],
    ['første linje\n@SUM(A1)', `"første linje\n'@SUM(A1)"`],
    ['første linje\r\n=1', `"første linje\r\n'=1"`],
    ['a; =1', `"a;' =1"`],
  ])('defuses a formula at the start and after every separator: %j', (raw, expected) => {
    expect(csvCell(raw)).toBe(expected);
  });

  it('leaves text without formulas as it is', () => {
    for (const s of ['ola@example.no', 'Oslo - Bergen', 'a=b', '1+1', 'x;y, z', 'e-post: a@b.no'])
      expect(csvCell(s)).toBe(`"${s}"`);
  });

  it('no piece of any cell, split on any separator, starts a formula', () => {
    const chars = ['=', '+', '-', '@', '\t', '\r', '\n', ';', ',', ' ', '"', 'a', '1'];
    // Every text of up to four of these characters.
    let texts = [''];
    for (let n = 0; n < 4; n++)
      texts = [...texts, ...texts.filter((t) => t.length === n).flatMap((t) => chars.map((c) => t + c))];
    for (const text of texts) {
      const cell = csvCell(text);
      expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
      for (const piece of pieces(cell)) expect({ text, piece, risky: RISKY.test(piece) }).toEqual({ text, piece, risky: false });
    }
  });

  it('a lead row: every cell quoted and defused, in the order of the header', () => {
    const lead = {
      id: 7,
      createdAt: '2025-03-04T09:05:00.000Z',
      email: 'ola@example.no',
      courseType: 'starter',
      source: '/',
      trafficSource: 'A',
      landingPath: '/=1',
      utmSource: '=cmd|"/c calc"!A1',
      utmMedium: null,
      utmCampaign: 'høst,-kampanje',
      utmTerm: null,
      utmContent: null,
      hasAccount: true,
      hasBought: false,
      contacted: false,
      unsubscribedAt: null,
      note: 'ring;@tirsdag',
    } as unknown as AdminLead;
    const cells = leadCsvRow(lead).replace(/\r\n$/, '').split('";"');
    expect(cells).toHaveLength(LEAD_CSV_HEADER.length);
    expect(leadCsvRow(lead)).toBe(
      '"7";"04.03.2025 10:05";"ola@example.no";"starter";"/";"A";"/=1";"\'=cmd|""/c calc""!A1";"";"høst,\'-kampanje";"";"";"Ja";"Nei";"Nei";"Nei";"ring;\'@tirsdag"\r\n',
    );
  });
});
