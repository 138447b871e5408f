import { formatOsloDateTime } from '../outbox/mail-format';
import { button, heading, MailBrand, p, renderMail, RenderedMail, rows, small } from '../outbox/mail-layout';

/** What the live-session mails show about a session. */
export interface LiveSessionMailInput {
  title: string;
  startsAt: Date;
  durationMinutes: number;
  /** The course titles the session is for. */
  courseTitles: string[];
  /** The dashboard, where the join link appears 15 minutes before the start. */
  dashboardUrl: string;
  firstName: string | null;
}

const hello = (firstName: string | null) => (firstName ? `Hei ${firstName}!` : 'Hei!');

function details(s: LiveSessionMailInput, startLabel = 'Tid'): Array<[string, string]> {
  return [
    ['Økt', s.title],
    [startLabel, `${formatOsloDateTime(s.startsAt)} (norsk tid)`],
    ['Varighet', `${s.durationMinutes} minutter`],
    ['Kurs', s.courseTitles.join(', ')],
  ];
}

/** 24 hours or 1 hour before a session. The join link is not in the mail: it shows on the dashboard from 15 minutes before. */
export function liveReminderMail(brand: MailBrand, s: LiveSessionMailInput, lead: '24h' | '1h'): RenderedMail {
  const when = lead === '24h' ? 'i morgen' : 'om en time';
  return renderMail({
    brand,
    subject: `Påminnelse: ${s.title} ${when}, ${formatOsloDateTime(s.startsAt)}`,
    preheader: `Live-økten «${s.title}» starter ${when}.`,
    blocks: [
      heading(`Live-økten starter ${when}`),
      p(`${hello(s.firstName)} Dette er en påminnelse om live-økten «${s.title}».`),
      rows(details(s)),
      p('Lenken for å bli med vises under «Live-økter» på dashbordet fra 15 minutter før start.'),
      button('Gå til Live-økter', s.dashboardUrl),
      small('Du får denne påminnelsen fordi du har tilgang til kurset økten hører til.'),
    ],
  });
}

/** A session the mentor cancelled. */
export function liveCancelledMail(brand: MailBrand, s: LiveSessionMailInput): RenderedMail {
  return renderMail({
    brand,
    subject: `Avlyst: ${s.title} ${formatOsloDateTime(s.startsAt)}`,
    preheader: `Live-økten «${s.title}» er avlyst.`,
    blocks: [
      heading('Live-økten er avlyst'),
      p(`${hello(s.firstName)} Live-økten «${s.title}» ${formatOsloDateTime(s.startsAt)} er dessverre avlyst.`),
      rows(details(s)),
      p('Se de neste live-øktene på dashbordet.'),
      button('Gå til Live-økter', s.dashboardUrl),
      small(`Spørsmål? Skriv til ${brand.contactEmail}.`),
    ],
  });
}

/** A session moved to another time. */
export function liveMovedMail(brand: MailBrand, s: LiveSessionMailInput, previousStart: Date): RenderedMail {
  return renderMail({
    brand,
    subject: `Ny tid: ${s.title} flyttet til ${formatOsloDateTime(s.startsAt)}`,
    preheader: `Live-økten «${s.title}» har fått ny tid.`,
    blocks: [
      heading('Live-økten har fått ny tid'),
      p(
        `${hello(s.firstName)} Live-økten «${s.title}» er flyttet fra ${formatOsloDateTime(previousStart)} ` +
          `til ${formatOsloDateTime(s.startsAt)} (norsk tid).`,
      ),
      rows(details(s, 'Ny tid')),
      p(
        'Har du lagt økten i kalenderen fra kalenderabonnementet, oppdateres den av seg selv. En nedlastet kalenderfil må du laste ned på nytt.',
      ),
      button('Gå til Live-økter', s.dashboardUrl),
    ],
  });
}
