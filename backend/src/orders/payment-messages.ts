/** Norwegian texts of the checkout and payment endpoints (besides MSG in contracts). */
export const PAY_MSG = {
  paymentUnavailable: 'Betaling er ikke tilgjengelig akkurat nå. Prøv igjen senere, eller kontakt oss.',
  alreadyOwned: (title: string) => `Du har allerede tilgang til ${title}. Logg inn for å fortsette kurset.`,
  acceptTermsRequired:
    'Du må samtykke til at leveringen starter med en gang og bekrefte at angreretten da bortfaller, før du kan betale.',
  paymentMethod: 'Velg betalingsmåte: kort eller Vipps',
  nameTooLong: 'Navnet kan være maks 100 tegn',
  invalidSignature: 'Ugyldig eller manglende signatur',
  invalidEvent: 'Ugyldig hendelse fra Stripe',
  sessionNotFound: 'Fant ikke betalingen',
  providerCheckFailed: 'Vi fikk ikke sjekket betalingen akkurat nå. Prøv igjen om litt.',
  orderNotFound: 'Fant ikke ordren',
  refundNotAllowed: 'Bare betalte ordrer kan refunderes',
  refundAmount: (maxOre: number) => `Beløpet må være et helt antall øre mellom 1 og ${maxOre}`,
  refundReasonRequired: 'Skriv en begrunnelse for refusjonen',
  refundReasonTooLong: 'Begrunnelsen kan være maks 500 tegn',
  refundRejected: 'Betalingsleverandøren avviste refusjonen. Ingenting er endret.',
  refundProviderDown: 'Fikk ikke kontakt med betalingsleverandøren. Ingenting er endret – prøv igjen om litt.',
  refundMissingReference: 'Ordren mangler betalingsreferanse fra Stripe og kan ikke refunderes herfra.',
  refundConflict: 'Ordren ble endret samtidig. Last inn siden på nytt og prøv igjen.',
  refundedInStripe: 'Refundert i Stripe',
} as const;
