import { formatOsloDate } from '../outbox/mail-format';
import { button, heading, p, renderMail, small, type MailBrand, type RenderedMail } from '../outbox/mail-layout';

export interface MentorshipEndingInput {
  firstName: string | null;
  courseTitle: string;
  endsAt: Date;
  daysLeft: number;
  /** The booking link, or null: the student writes to the contact mailbox. */
  bookingUrl: string | null;
  dashboardUrl: string;
}

/** The mail 14 days before a mentorship period ends (transactional: part of what the student bought). */
export function mentorshipEndingMail(brand: MailBrand, m: MentorshipEndingInput): RenderedMail {
  const ends = formatOsloDate(m.endsAt);
  const days = m.daysLeft === 1 ? '1 dag' : `${m.daysLeft} dager`;
  return renderMail({
    brand,
    subject: `Mentorperioden din i ${m.courseTitle} slutter ${ends}`,
    preheader: `Du har ${days} igjen med personlig mentoring.`,
    blocks: [
      heading(`Hei${m.firstName ? ` ${m.firstName}` : ''}! Mentorperioden nærmer seg slutten`),
      p(
        `Mentorperioden din i ${m.courseTitle} slutter ${ends}, om ${days}. ` +
          'Har du spørsmål du vil gå gjennom med mentoren, er det lurt å booke en samtale nå.',
      ),
      ...(m.bookingUrl
        ? [button('Book en samtale med mentoren', m.bookingUrl)]
        : [p(`Skriv til ${brand.contactEmail}, så finner vi et tidspunkt.`)]),
      button('Gå til kursoversikten', m.dashboardUrl),
      small('Du får denne e-posten fordi mentorperioden er en del av kurset du har kjøpt.'),
    ],
  });
}
