import { refundMail, type RefundInput } from './messages';

const brand = { siteName: 'Trading Akademiet', contactEmail: 'hjelp@example.no', publicUrl: 'https://www.example.no' };
const base: RefundInput = {
  creditNote: null,
  receiptUrl: 'https://www.example.no/kvittering/42',
  orderId: 42,
  courseTitle: 'Foundation',
  amountOre: 149700,
  accessEnded: false,
  refundedAt: new Date('2026-06-01T10:00:00Z'),
};

describe('the refund mail of a payment refused when it landed', () => {
  it('an owner who paid again is told they already have the course and got everything back', () => {
    const mail = refundMail(brand, { ...base, refusal: 'already_owned', loginUrl: 'https://www.example.no/login' });
    expect(mail.subject).toBe('Refusjon: Foundation (ordre 42)');
    for (const fact of [
      'Du har allerede dette kurset',
      'har allerede tilgang til Foundation',
      'refundert hele beløpet (1 497,00 kr)',
      'Tilgangen din til Foundation er som før.',
      'https://www.example.no/login',
    ])
      expect(mail.text).toContain(fact);
    expect(mail.text).not.toContain('Refusjonen er på vei');
    expect(mail.text).not.toContain('avsluttet');
  });

  it('a buyer whose campaign code was used up before the payment landed is told why, and that nothing was taken', () => {
    const mail = refundMail(brand, { ...base, refusal: 'code_used_up', campaignCode: 'SOMMER25', accessEnded: true });
    for (const fact of ['Kampanjekoden var brukt opp', 'kampanjekoden SOMMER25', 'refundert hele beløpet (1 497,00 kr)'])
      expect(mail.text).toContain(fact);
    // They never had the course: no word of access ending.
    expect(mail.text).not.toContain('Tilgangen din til Foundation er avsluttet');
  });

  it('a student whose upgrade credit was gone when the payment landed is told why, and that everything came back', () => {
    const mail = refundMail(brand, { ...base, courseTitle: 'Accelerator', amountOre: 300000, refusal: 'upgrade_credit_gone' });
    for (const fact of [
      'Oppgraderingsrabatten gjaldt ikke lenger',
      'den betalingen er refundert',
      'refundert hele beløpet (3 000,00 kr)',
      'kjøpe kurset på nytt',
    ])
      expect(mail.text).toContain(fact);
    expect(mail.text).not.toContain('Kampanjekoden');
    expect(mail.text).not.toContain('Tilgangen din til Accelerator er avsluttet');
  });
});
