import { button, heading, p, renderMail, safeHtml, small, type MailBrand, type RenderedMail } from '../outbox/mail-layout';
import { questionPlainText, renderQuestionMarkdown } from './markdown';

export interface QuestionAnsweredInput {
  mentorName: string;
  firstName: string | null;
  courseTitle: string;
  moduleTitle: string;
  question: string;
  answer: string;
  /** The module in the player, where the answer shows under the lesson. */
  url: string;
}

/** To the asker when the mentor answers: the answer itself and a link back to the lesson. */
export function questionAnsweredMail(brand: MailBrand, q: QuestionAnsweredInput): RenderedMail {
  const asked = q.question.length > 300 ? `${q.question.slice(0, 300)}…` : q.question;
  return renderMail({
    brand,
    subject: `Svar på spørsmålet ditt i ${q.courseTitle}`,
    preheader: `${q.mentorName} har svart på spørsmålet ditt om «${q.moduleTitle}».`,
    blocks: [
      heading('Du har fått svar'),
      p(`${q.firstName ? `Hei ${q.firstName}!` : 'Hei!'} ${q.mentorName} har svart på spørsmålet ditt om «${q.moduleTitle}».`),
      small(`Du spurte: ${questionPlainText(asked)}`),
      safeHtml(renderQuestionMarkdown(q.answer), questionPlainText(q.answer)),
      button('Se svaret under leksjonen', q.url),
      small('Du får denne e-posten fordi du stilte et spørsmål i kurset.'),
    ],
  });
}
