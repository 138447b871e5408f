import { CHECKOUT_REMINDER_TEXT, type CheckoutReminderBasis } from '@academy/contracts';
import { button, heading, p, renderMail, small, type MailBrand, type RenderedMail } from '../../outbox/mail-layout';

export interface CheckoutReminderMailInput {
  number: 1 | 2;
  productName: string;
  campaignCode: string | null;
  firstName: string;
  basis: CheckoutReminderBasis;
  checkoutUrl: string;
  unsubscribeUrl: string;
}

/**
 * A checkout reminder (docs/decisions.md "Checkout reminders"): the link back to the same checkout,
 * filled in; why the buyer gets it; and how to stop it, free, in every message (markedsføringsloven § 15).
 */
export function checkoutReminderMail(brand: MailBrand, r: CheckoutReminderMailInput): RenderedMail {
  const why =
    r.basis === 'consent'
      ? `Du får denne e-posten fordi du krysset av for «${CHECKOUT_REMINDER_TEXT}».`
      : `Du får denne e-posten fordi du er kunde hos ${brand.siteName}.`;
  return renderMail({
    brand,
    subject: r.number === 1 ? `Bestillingen din av ${r.productName} venter` : `Siste påminnelse: ${r.productName}`,
    preheader: 'Alt du fylte inn er tatt vare på.',
    blocks: [
      heading('Bestillingen din venter'),
      p(
        `Hei ${r.firstName}! Du startet en bestilling av ${r.productName}, men betalingen ble ikke fullført. ` +
          (r.campaignCode
            ? `Alt du fylte inn er tatt vare på, også kampanjekoden ${r.campaignCode}.`
            : 'Alt du fylte inn er tatt vare på.'),
      ),
      button('Fullfør bestillingen', r.checkoutUrl),
      small(
        `${why} Vi sender høyst to påminnelser, og ingen etter at du har betalt. ` +
          'Vil du ikke ha flere påminnelser? Meld deg av med lenken nederst, så stopper de med en gang.',
      ),
    ],
    unsubscribeUrl: r.unsubscribeUrl,
  });
}
