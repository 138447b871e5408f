/**
 * Every mail fits a 320 px screen (issue 33: the receipt mail was 583 px wide at 390 px, 1 230 px with a
 * long name). Each template's HTML, as the outbox sends it, is rendered in Chromium at 320 px and must not
 * scroll sideways: with ordinary input, and with a very long name, long addresses and long links.
 * No server needed: the templates are plain functions.
 */
import type { Browser, Page } from 'playwright-core';
import { CONTACT_EMAIL_PLACEHOLDER, SELLER_PLACEHOLDER, TEST_ENVIRONMENT_SELLER_TEXT } from '@academy/contracts';
import { mentorAnsweredMail } from '../../backend/src/community/mentor/mentor-mail';
import { questionAnsweredMail } from '../../backend/src/community/question-mail';
import { liveCancelledMail, liveMovedMail, liveReminderMail } from '../../backend/src/live/live-mail';
import { confirmMail, marketingMail } from '../../backend/src/marketing/marketing-mail';
import { checkoutReminderMail } from '../../backend/src/marketing/checkout-reminders/checkout-reminder-mail';
import { membershipEndingMail } from '../../backend/src/membership/membership-mail';
import { mentorshipEndingMail } from '../../backend/src/mentorship/mentorship-mail';
import { partnerPayoutMail, partnerWelcomeMail } from '../../backend/src/partners/partner-mail';
import {
  emailChangeNoticeMail,
  receiptMail,
  refundMail,
  resetPasswordMail,
  totpChangedMail,
  welcomeMail,
  type MailDocument,
} from '../../backend/src/notifications/templates/messages';
import type { MailBrand, RenderedMail } from '../../backend/src/outbox/mail-layout';
import { launchBrowser } from './support/browser';

const WIDTH = 320;

/** Ordinary input, and input at its longest: a name, an address, a link without a place to break. */
interface Sample {
  brand: MailBrand;
  name: string;
  email: string;
  url: (path: string) => string;
  title: string;
  seller: MailDocument['seller'];
}

const ordinary: Sample = {
  brand: { siteName: 'Trading Akademiet', contactEmail: 'hei@tradingakademiet.no', publicUrl: 'https://tradingakademiet.no' },
  name: 'Kari',
  email: 'kari@example.no',
  url: (path) => `https://tradingakademiet.no${path}`,
  title: 'Foundation',
  seller: { name: 'Trading Akademiet AS', orgNrText: 'Org.nr. 923 456 789 MVA', address: 'Storgata 1, 0155 Oslo' },
};

const TOKEN = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6QUJDREVGR0hJSktMTU5PUFFSU1RVVld';
const longest: Sample = {
  brand: {
    siteName: 'Trading-Akademiet-for-Nordiske-Investorer-og-Langsiktige-Spekulanter',
    contactEmail: 'kundeservice.og.alle.henvendelser.om.kurs@trading-akademiet-for-nordiske-investorer.no',
    publicUrl: 'https://www.trading-akademiet-for-nordiske-investorer-og-langsiktige-spekulanter.no',
  },
  name: 'Maximiliana-Alexandrina-Konstantinopel-Wilhelmsen-Bergersen-Kristoffersen',
  email: 'maximiliana.alexandrina.konstantinopel.wilhelmsen.bergersen@eksempel-med-et-veldig-langt-domenenavn.no',
  url: (path) => `https://www.trading-akademiet-for-nordiske-investorer-og-langsiktige-spekulanter.no${path}?t=${TOKEN}`,
  title: 'Avansert-markedsstruktur-med-Wyckoff-PO3-og-likviditet-for-viderekomne',
  seller: {
    name: 'Trading-Akademiet-for-Nordiske-Investorer-og-Langsiktige-Spekulanter AS',
    orgNrText: 'Org.nr. 923 456 789 MVA',
    address: 'Kongensgate-Forretningssenter-Bygg-Nord-Inngang-C-Tredje-etasje 1234, 0155 Oslo',
  },
};

function documentFor(s: Sample, kind: 'receipt' | 'credit'): MailDocument {
  return {
    number: 1042,
    issuedAt: new Date('2026-11-27T12:00:00Z'),
    description: `Kurs: ${s.title}`,
    amountExclVatOre: 159760,
    vatOre: 39940,
    vatRatePercent: 25,
    totalOre: 199700,
    ...(kind === 'credit' ? { refersToNumber: 1041 } : {}),
    seller: s.seller,
  };
}

/** Every template the site sends, with the sample's input. */
function everyMail(s: Sample): Array<[string, RenderedMail]> {
  const paidAt = new Date('2026-11-27T12:00:00Z');
  const live = {
    title: `Live-økt: ${s.title}`,
    startsAt: new Date('2026-12-01T18:00:00Z'),
    durationMinutes: 60,
    courseTitles: [s.title, 'Accelerator'],
    dashboardUrl: s.url('/dashboard'),
    firstName: s.name,
  };
  const markdown = [
    `Hei ${s.name}!`,
    '',
    `Les mer på ${s.url('/kurs/foundation')} eller skriv til ${s.email}.`,
    '',
    '```',
    `const lenke = "${s.url('/kurs/accelerator')}";`,
    '```',
  ].join('\n');
  return [
    [
      'receipt',
      receiptMail(s.brand, {
        receipt: documentFor(s, 'receipt'),
        receiptUrl: s.url('/kvittering/12'),
        orderId: 12,
        courseTitle: s.title,
        amountOre: 199700,
        paidAt,
        paymentMethod: 'klarna',
        firstName: s.name,
        signInUrl: s.url('/auto-login'),
        loginUrl: s.url('/login'),
        marketingOptOutUrl: s.url('/api/unsubscribe'),
      }),
    ],
    [
      'receipt without a document',
      receiptMail(s.brand, {
        receipt: null,
        receiptUrl: s.url('/kvittering/12'),
        orderId: 12,
        courseTitle: s.title,
        amountOre: 199700,
        paidAt,
        paymentMethod: null,
        firstName: null,
        signInUrl: null,
        loginUrl: s.url('/login'),
      }),
    ],
    [
      'welcome',
      welcomeMail(s.brand, {
        signInUrl: s.url('/auto-login'),
        courseUrl: s.url('/course/starter'),
        unsubscribeUrl: s.url('/api/unsubscribe'),
      }),
    ],
    ['password reset', resetPasswordMail(s.brand, { email: s.email, resetUrl: s.url('/tilbakestill-passord') })],
    [
      'refund',
      refundMail(s.brand, {
        creditNote: documentFor(s, 'credit'),
        receiptUrl: s.url('/kvittering/12'),
        orderId: 12,
        courseTitle: s.title,
        amountOre: 199700,
        accessEnded: true,
        refundedAt: paidAt,
      }),
    ],
    [
      'refused payment (already owned)',
      refundMail(s.brand, {
        creditNote: documentFor(s, 'credit'),
        receiptUrl: s.url('/kvittering/12'),
        orderId: 12,
        courseTitle: s.title,
        amountOre: 199700,
        accessEnded: false,
        refundedAt: paidAt,
        refusal: 'already_owned',
        loginUrl: s.url('/login'),
      }),
    ],
    [
      'refused payment (code used up)',
      refundMail(s.brand, {
        creditNote: null,
        receiptUrl: s.url('/kvittering/12'),
        orderId: 12,
        courseTitle: s.title,
        amountOre: 199700,
        accessEnded: false,
        refundedAt: paidAt,
        refusal: 'code_used_up',
        campaignCode: 'LANSERINGSTILBUD-FOR-DE-FORSTE-HUNDRE-ELEVENE-2026',
      }),
    ],
    ['newsletter confirmation', confirmMail(s.brand, { confirmUrl: s.url('/nyhetsbrev/bekreft') })],
    [
      'broadcast',
      marketingMail(s.brand, {
        subject: `Nytt fra ${s.brand.siteName}`,
        body: markdown,
        unsubscribeUrl: s.url('/api/unsubscribe'),
        utm: { source: 'nyhetsbrev', medium: 'e-post', campaign: 'lanseringstilbud-for-de-forste-hundre-elevene-2026' },
      }),
    ],
    ['live reminder (24 h)', liveReminderMail(s.brand, live, '24h')],
    ['live reminder (1 h)', liveReminderMail(s.brand, live, '1h')],
    ['live cancelled', liveCancelledMail(s.brand, live)],
    ['live moved', liveMovedMail(s.brand, live, new Date('2026-11-30T18:00:00Z'))],
    [
      'mentorship ending (booking link)',
      mentorshipEndingMail(s.brand, {
        firstName: s.name,
        courseTitle: s.title,
        endsAt: paidAt,
        daysLeft: 14,
        bookingUrl: s.url('/book'),
        dashboardUrl: s.url('/dashboard'),
      }),
    ],
    [
      'mentorship ending (contact mailbox)',
      mentorshipEndingMail(s.brand, {
        firstName: s.name,
        courseTitle: s.title,
        endsAt: paidAt,
        daysLeft: 1,
        bookingUrl: null,
        dashboardUrl: s.url('/dashboard'),
      }),
    ],
    [
      'membership ending',
      membershipEndingMail(s.brand, {
        firstName: s.name,
        title: 'VIP',
        endsAt: paidAt,
        daysLeft: 14,
        months: 12,
        renewUrl: s.url('/bestill?course=vip'),
        dashboardUrl: s.url('/dashboard'),
      }),
    ],
    [
      'question answered',
      questionAnsweredMail(s.brand, {
        mentorName: s.name,
        firstName: s.name,
        courseTitle: s.title,
        moduleTitle: s.title,
        question: `Hva betyr ${s.title}? Se ${s.url('/course/foundation')}`,
        answer: markdown,
        url: s.url('/course/foundation'),
      }),
    ],
    [
      'mentor answered',
      mentorAnsweredMail(s.brand, {
        mentorName: s.name,
        firstName: s.name,
        title: s.title,
        answer: markdown,
        withImage: true,
        url: s.url('/mentor/7'),
      }),
    ],
    [
      'e-mail change notice',
      emailChangeNoticeMail(s.brand, {
        stopUrl: s.url('/stopp-epostendring'),
        oldEmail: s.email,
        newEmail: `en-ny-og-lang-adresse.${s.email}`,
        requestedAt: '21. november 2026 kl. 18:46',
      }),
    ],
    ...(['enabled', 'recovery-code-used', 'locked'] as const).map((change): [string, RenderedMail] => [
      `second factor ${change}`,
      totpChangedMail(s.brand, {
        change,
        email: s.email,
        at: '21. november 2026 kl. 18:46',
        lockedUntil: '21. november 2026 kl. 19:01',
        recoveryCodesLeft: 9,
        settingsUrl: s.url('/account/settings'),
      }),
    ]),
    [
      'checkout reminder',
      checkoutReminderMail(s.brand, {
        number: 1,
        productName: `${s.title} Kurs`,
        campaignCode: 'SOMMERKAMPANJEN2026',
        firstName: s.name,
        basis: 'consent',
        checkoutUrl: s.url('/bestill?course=foundation&paminnelse=12.abc'),
        unsubscribeUrl: s.url('/api/unsubscribe'),
      }),
    ],
    [
      'partner welcome',
      partnerWelcomeMail(s.brand, {
        name: s.name,
        terms: '12,5 %',
        links: [s.url('/p/SOMMERKAMPANJEN2026'), s.url('/p/HOSTKAMPANJEN2026')],
        signInUrl: s.url('/auto-login#token=abc&next=/partner'),
      }),
    ],
    [
      'partner payout',
      partnerPayoutMail(s.brand, {
        name: s.name,
        paidOn: '2. desember 2026',
        reference: 'BANK-2026-12-02-0001',
        totalOre: 1_234_567,
        orders: [
          ['Ordre 12345 (accelerator)', '1 234,56 kr'],
          ['Ordre 12346 (foundation)', '199,70 kr'],
        ],
        pageUrl: s.url('/partner'),
      }),
    ],
  ];
}

/** How wide the mail is when the screen is 320 px: the widest of the document and its body. */
async function widthOf(page: Page, html: string): Promise<number> {
  await page.setContent(html, { waitUntil: 'load' });
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
}

describe(`every mail fits ${WIDTH} px`, () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: WIDTH, height: 640 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('covers every template (a new template is added here)', () => {
    expect(everyMail(ordinary).map(([name]) => name)).toHaveLength(25);
  });

  for (const [label, sample] of [
    ['ordinary input', ordinary],
    ['a very long name, long addresses and long links', longest],
  ] as const) {
    it(`with ${label}: no mail scrolls sideways`, async () => {
      const wide: string[] = [];
      for (const [name, mail] of everyMail(sample)) {
        const width = await widthOf(page, mail.html);
        if (width > WIDTH) wide.push(`${name}: ${width} px`);
      }
      expect(wide).toEqual([]);
    });
  }

  it('the long name, addresses and links are all there, wrapped rather than cut', async () => {
    const [, receipt] = everyMail(longest)[0];
    await page.setContent(receipt.html);
    const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ''));
    for (const part of [longest.name, longest.seller.address, longest.brand.contactEmail, longest.url('/kvittering/12')])
      expect(text).toContain(part.replace(/\s+/g, ''));
  });

  it("a test environment's placeholders never show as a seller or a mailbox", async () => {
    const brand = { ...ordinary.brand, contactEmail: CONTACT_EMAIL_PLACEHOLDER };
    const seller = { name: SELLER_PLACEHOLDER.name, orgNrText: 'Org.nr. 000 000 000 MVA', address: SELLER_PLACEHOLDER.address };
    const mail = receiptMail(brand, {
      receipt: { ...documentFor(ordinary, 'receipt'), seller },
      receiptUrl: ordinary.url('/kvittering/12'),
      orderId: 12,
      courseTitle: 'Foundation',
      amountOre: 199700,
      paidAt: new Date(),
      paymentMethod: 'card',
      firstName: 'Kari',
      signInUrl: null,
      loginUrl: ordinary.url('/login'),
    });
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(TEST_ENVIRONMENT_SELLER_TEXT);
      for (const placeholder of [SELLER_PLACEHOLDER.name, '000 000 000', SELLER_PLACEHOLDER.address])
        expect(part).not.toContain(placeholder);
      // The footer names no placeholder mailbox either.
      expect(part.slice(part.lastIndexOf('Hilsen'))).not.toContain(CONTACT_EMAIL_PLACEHOLDER);
    }
    expect(await widthOf(page, mail.html)).toBeLessThanOrEqual(WIDTH);
  });
});
