import { inflateSync } from 'node:zlib';
import type TestAgent from 'supertest/lib/agent';

/** GET `url` with this agent, the body kept as the bytes it is (a PDF), for `pdfText` and `isPdf`. */
export function getBinary(agent: TestAgent, url: string) {
  return agent
    .get(url)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

/**
 * The text of a PDF made by backend/src/platform/pdf (pdfkit, standard fonts), for assertions:
 * each content stream is inflated when compressed (FlateDecode), and the text operators
 * (`<hex> Tj` and `[<hex> kern <hex> …] TJ`) are decoded from WinAnsi (windows-1252), which is
 * how pdfkit encodes the standard fonts. Each text operator becomes one line, so a value
 * written in one call (e.g. "Org.nr. 123 456 789 MVA") can be matched as one string.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(raw)) !== null) {
    const dict = match[1];
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let body = pdf.subarray(start, end);
    // Trim the end-of-line before `endstream`.
    while (body.length > 0 && (body[body.length - 1] === 0x0a || body[body.length - 1] === 0x0d)) {
      body = body.subarray(0, body.length - 1);
    }
    let content: string;
    if (/\/FlateDecode/.test(dict)) {
      try {
        content = inflateSync(body).toString('latin1');
      } catch {
        continue; // not a content stream we can read (fonts, images)
      }
    } else {
      content = body.toString('latin1');
    }
    for (const op of content.matchAll(/\[((?:\s*(?:<[0-9a-fA-F\s]*>|-?\d+(?:\.\d+)?))*)\s*\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
      const hexParts = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => m[1]) : [op[2]];
      const text = hexParts.map((hex) => decodeWinAnsi(Buffer.from(hex.replace(/\s+/g, ''), 'hex'))).join('');
      lines.push(text);
    }
    streamPattern.lastIndex = end;
  }
  return lines.join('\n');
}

/** windows-1252's 0x80–0x9F (Node's TextDecoder may treat the label as ISO-8859-1, where these are controls). */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

function decodeWinAnsi(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) out += WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte);
  return out;
}

/** True when the buffer looks like a whole PDF file (header and end-of-file marker). */
export function isPdf(pdf: Buffer): boolean {
  return pdf.subarray(0, 5).toString('latin1') === '%PDF-' && pdf.subarray(-8).toString('latin1').includes('%%EOF');
}
