import { button, heading, p, renderMail, safeHtml, small, type MailBrand, type RenderedMail } from '../../outbox/mail-layout';
import { questionPlainText, renderQuestionMarkdown } from '../markdown';

export interface MentorAnsweredInput {
  mentorName: string;
  firstName: string | null;
  title: string;
  answer: string;
  /** Whether the answer carries an image (shown only in the member area, never in the mail). */
  withImage: boolean;
  /** The thread in the member area. */
  url: string;
}

/** To the student when the mentor answers a thread: the answer's text and a link to the thread. */
export function mentorAnsweredMail(brand: MailBrand, a: MentorAnsweredInput): RenderedMail {
  return renderMail({
    brand,
    subject: `${a.mentorName} har svart: ${a.title}`,
    preheader: `Svar på «${a.title}» i mentor-innboksen.`,
    blocks: [
      heading('Mentoren har svart'),
      p(`${a.firstName ? `Hei ${a.firstName}!` : 'Hei!'} ${a.mentorName} har svart i tråden «${a.title}».`),
      safeHtml(renderQuestionMarkdown(a.answer), questionPlainText(a.answer)),
      ...(a.withImage ? [small('Svaret har et bilde. Du ser det når du åpner tråden.')] : []),
      button('Åpne tråden', a.url),
      small('Du får denne e-posten fordi du sendte en tråd til mentoren.'),
    ],
  });
}
