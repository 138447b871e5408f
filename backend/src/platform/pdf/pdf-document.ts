import type PDFDocumentClass from 'pdfkit';
import { lazyDefault } from '../modules/lazy-module';

/** pdfkit is loaded with the first PDF (it costs about 24 MB resident). */
const pdfkit = lazyDefault<typeof PDFDocumentClass>('pdfkit');

/**
 * A small PDF writer in the site's look (frontend/src/styles/tokens.css): a navy band with the
 * site's name, green accents, grey muted text. Shared by every printable document (receipts,
 * credit notes, certificates): callers describe the content with `heading`, `paragraph`,
 * `table` and `footer`; the look lives here once.
 *
 * The standard PDF fonts (Helvetica) are used: they need no font files and their WinAnsi
 * encoding covers Norwegian letters (æ ø å Æ Ø Å) and "–" / "«»".
 */

/** The site's colours, taken from frontend/src/styles/tokens.css. */
export const PDF_COLOURS = {
  navy: '#0d2240', // --navy-900
  navyMuted: '#8fa6c8', // --navy-300
  green: '#0f7d58', // --green-600 (--color-primary)
  greenSoft: '#dcf5ea', // --green-100
  text: '#111827', // --grey-900
  muted: '#4b5563', // --grey-600
  border: '#e5e7eb', // --grey-200
  bgMuted: '#f7f8fa', // --grey-50
  white: '#ffffff',
} as const;

const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const MARGIN = 56;
const BAND_HEIGHT = 64;

export interface PdfOptions {
  /** Document title (PDF metadata and the header band's right-hand text). */
  title: string;
  /** Shown in the navy band at the top of every page (usually the site's name). */
  brand: string;
  /** Author metadata (the seller / site). */
  author?: string;
  /** A4 portrait (default) or landscape (certificates). */
  layout?: 'portrait' | 'landscape';
  /** Compress content streams (default true). Tests read either form with e2e/api/support/pdf-text.ts. */
  compress?: boolean;
  /** The document's date for metadata; pass the Clock's time so output is reproducible. */
  createdAt?: Date;
}

export interface PdfTableRow {
  label: string;
  value: string;
  /** A total line: bold, with a rule above. */
  emphasis?: boolean;
}

export interface PdfTextOptions {
  muted?: boolean;
  bold?: boolean;
  size?: number;
  align?: 'left' | 'center' | 'right';
}

/** What a caller gets to describe the document. Every method returns the builder for chaining. */
export class PdfBuilder {
  private footerLines: string[] = [];

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private get contentWidth(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  /** A large heading (size 22) or a section heading (level 2, size 14) in navy. */
  heading(text: string, level: 1 | 2 = 1): this {
    const doc = this.doc;
    if (level === 1) doc.moveDown(0.2);
    else doc.moveDown(0.8);
    doc
      .font(FONT_BOLD)
      .fontSize(level === 1 ? 22 : 14)
      .fillColor(PDF_COLOURS.navy)
      .text(text, MARGIN, doc.y, { width: this.contentWidth });
    doc.moveDown(level === 1 ? 0.5 : 0.3);
    return this;
  }

  /** A paragraph of running text (size 10.5); `muted` for secondary lines. */
  paragraph(text: string, options: PdfTextOptions = {}): this {
    this.doc
      .font(options.bold ? FONT_BOLD : FONT)
      .fontSize(options.size ?? 10.5)
      .fillColor(options.muted ? PDF_COLOURS.muted : PDF_COLOURS.text)
      .text(text, MARGIN, this.doc.y, { width: this.contentWidth, align: options.align ?? 'left', lineGap: 2 });
    this.doc.moveDown(0.35);
    return this;
  }

  /** Several short lines as one block (an address, the seller's details). */
  lines(lines: string[], options: PdfTextOptions = {}): this {
    for (const line of lines) {
      this.doc
        .font(options.bold ? FONT_BOLD : FONT)
        .fontSize(options.size ?? 10.5)
        .fillColor(options.muted ? PDF_COLOURS.muted : PDF_COLOURS.text)
        .text(line, MARGIN, this.doc.y, { width: this.contentWidth, align: options.align ?? 'left' });
    }
    this.doc.moveDown(0.5);
    return this;
  }

  /** Vertical space in lines. */
  space(lines = 1): this {
    this.doc.moveDown(lines);
    return this;
  }

  /** A thin horizontal rule across the content width. */
  rule(): this {
    const y = this.doc.y + 4;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.contentWidth, y)
      .lineWidth(0.75)
      .strokeColor(PDF_COLOURS.border)
      .stroke();
    this.doc.y = y + 8;
    return this;
  }

  /**
   * A two-column table: labels on the left, values (amounts) right-aligned. Rows marked
   * `emphasis` are bold with a green rule above (the total).
   */
  table(rows: PdfTableRow[]): this {
    const doc = this.doc;
    const width = this.contentWidth;
    const valueWidth = Math.min(180, width * 0.4);
    const labelWidth = width - valueWidth - 12;
    const padding = 6;
    doc.moveDown(0.3);
    rows.forEach((row, index) => {
      const font = row.emphasis ? FONT_BOLD : FONT;
      const size = row.emphasis ? 12 : 10.5;
      doc.font(font).fontSize(size);
      const height =
        Math.max(doc.heightOfString(row.label, { width: labelWidth }), doc.heightOfString(row.value, { width: valueWidth })) +
        padding * 2;
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      if (row.emphasis) {
        doc.rect(MARGIN, top, width, height).fill(PDF_COLOURS.greenSoft);
        doc
          .moveTo(MARGIN, top)
          .lineTo(MARGIN + width, top)
          .lineWidth(1.5)
          .strokeColor(PDF_COLOURS.green)
          .stroke();
      } else if (index % 2 === 1) {
        doc.rect(MARGIN, top, width, height).fill(PDF_COLOURS.bgMuted);
      }
      doc.fillColor(PDF_COLOURS.text).font(font).fontSize(size);
      doc.text(row.label, MARGIN + padding, top + padding, { width: labelWidth - padding });
      doc.text(row.value, MARGIN + labelWidth + 12, top + padding, { width: valueWidth - padding, align: 'right' });
      doc
        .moveTo(MARGIN, top + height)
        .lineTo(MARGIN + width, top + height)
        .lineWidth(0.5)
        .strokeColor(PDF_COLOURS.border)
        .stroke();
      doc.x = MARGIN;
      doc.y = top + height;
    });
    doc.moveDown(0.6);
    return this;
  }

  /** Lines printed at the bottom of every page (seller details, page-independent notes). */
  footer(lines: string[]): this {
    this.footerLines = lines.filter((line) => line.length > 0);
    return this;
  }

  /** @internal Draws the header band and footer on every buffered page. */
  finish(brand: string, title: string): void {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0; // drawing inside the margin must not add a page
      drawBand(doc, brand, title);
      if (this.footerLines.length > 0) {
        const lineHeight = 11;
        let y = doc.page.height - MARGIN / 2 - lineHeight * this.footerLines.length;
        doc
          .moveTo(MARGIN, y - 8)
          .lineTo(doc.page.width - MARGIN, y - 8)
          .lineWidth(0.5)
          .strokeColor(PDF_COLOURS.border)
          .stroke();
        doc.font(FONT).fontSize(8.5).fillColor(PDF_COLOURS.muted);
        for (const line of this.footerLines) {
          doc.text(line, MARGIN, y, { width: doc.page.width - MARGIN * 2, align: 'center', lineBreak: false });
          y += lineHeight;
        }
      }
      doc.page.margins.bottom = bottom;
    }
  }
}

function drawBand(doc: PDFKit.PDFDocument, brand: string, title: string): void {
  doc.save();
  doc.rect(0, 0, doc.page.width, BAND_HEIGHT).fill(PDF_COLOURS.navy);
  doc.rect(0, BAND_HEIGHT, doc.page.width, 3).fill(PDF_COLOURS.green);
  doc
    .font(FONT_BOLD)
    .fontSize(15)
    .fillColor(PDF_COLOURS.white)
    .text(brand, MARGIN, BAND_HEIGHT / 2 - 8, { width: doc.page.width / 2, lineBreak: false });
  doc
    .font(FONT)
    .fontSize(10)
    .fillColor(PDF_COLOURS.navyMuted)
    .text(title, doc.page.width / 2, BAND_HEIGHT / 2 - 5, {
      width: doc.page.width / 2 - MARGIN,
      align: 'right',
      lineBreak: false,
    });
  doc.restore();
}

/**
 * Renders a PDF: `build` describes the content with the builder; the header band and footer are
 * drawn on every page afterwards. Resolves to the whole file as a Buffer.
 */
export function renderPdf(options: PdfOptions, build: (pdf: PdfBuilder) => void): Promise<Buffer> {
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margins: { top: MARGIN + BAND_HEIGHT, bottom: MARGIN + 40, left: MARGIN, right: MARGIN },
    compress: options.compress ?? true,
    bufferPages: true,
    info: {
      Title: options.title,
      Author: options.author ?? options.brand,
      Creator: options.brand,
      Producer: options.brand,
      CreationDate: options.createdAt ?? new Date(),
    },
    lang: 'nb-NO',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    const builder = new PdfBuilder(doc);
    doc.font(FONT).fillColor(PDF_COLOURS.text);
    build(builder);
    builder.finish(options.brand, options.title);
    doc.end();
  } catch (error) {
    doc.end();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return done;
}

/** Formats øre as a Norwegian amount for documents: 159 900 → "1 599,00 kr". */
export function formatPdfAmount(ore: number): string {
  const negative = ore < 0;
  const abs = Math.abs(ore);
  const kroner = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${kroner},${cents} kr`;
}
