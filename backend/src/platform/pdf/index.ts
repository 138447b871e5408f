export { PDF_COLOURS, PdfBuilder, formatPdfAmount, renderPdf } from './pdf-document';
export type { PdfOptions, PdfTableRow, PdfTextOptions } from './pdf-document';
