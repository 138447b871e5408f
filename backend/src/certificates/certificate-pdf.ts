import { renderPdf } from '../platform/pdf/pdf-document';

export interface CertificateBrand {
  siteName: string;
  mentorName: string;
  publicUrl: string;
}

export interface CertificateContent {
  holderName: string;
  courseTitle: string;
  issuedAt: Date;
  code: string;
}

const dateFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });

/** The certificate as a one-page A4 landscape PDF in the site's look (Norwegian). */
export function certificatePdf(brand: CertificateBrand, c: CertificateContent, now: Date): Promise<Buffer> {
  const verifyUrl = `${brand.publicUrl.replace(/\/+$/, '')}/sertifikat/${c.code}`;
  return renderPdf(
    { title: `Kursbevis – ${c.courseTitle}`, brand: brand.siteName, layout: 'landscape', createdAt: now },
    (pdf) => {
      pdf
        .space(1)
        .heading('Kursbevis')
        .paragraph('Dette bekrefter at', { muted: true, align: 'center', size: 13 })
        .paragraph(c.holderName, { bold: true, align: 'center', size: 28 })
        .paragraph('har fullført kurset', { muted: true, align: 'center', size: 13 })
        .paragraph(c.courseTitle, { bold: true, align: 'center', size: 20 })
        .paragraph(`hos ${brand.siteName}, ${dateFmt.format(c.issuedAt)}.`, { align: 'center', size: 12 })
        .space(1)
        .rule()
        .lines([`Mentor: ${brand.mentorName}`, `Sertifikatkode: ${c.code}`], { align: 'center' })
        .paragraph(`Ektheten kan kontrolleres på ${verifyUrl}`, { muted: true, align: 'center', size: 9.5 })
        .footer([`${brand.siteName} · ${brand.publicUrl}`]);
    },
  );
}
