import { mailFailureMeaning } from '@academy/contracts';

describe('mailFailureMeaning: a failed mail in plain Norwegian', () => {
  it.each([
    ['550 5.1.1 <ola@example.no>: Recipient address rejected: User unknown', 'Adressen finnes ikke', true],
    ['smtp;550 5.1.1 The email account that you tried to reach does not exist.', 'Adressen finnes ikke', true],
    ['550-5.1.1 The email account that you tried to reach does not exist', 'Adressen finnes ikke', true],
    [
      "Can't send mail - all recipients were rejected: 550 Mottakeren finnes ikke",
      'Adressen finnes ikke eller tar ikke imot e-post',
      true,
    ],
    ['553 5.1.3 Bad recipient address syntax', 'Adressen er skrevet feil', true],
    ['550 5.2.1 Mailbox disabled', 'Postkassen er stengt', true],
    ['552 5.2.2 Mailbox full', 'Postkassen er full', false],
    ['452 4.2.2 The email account that you tried to reach is over quota', 'Postkassen er full', false],
    ['550 5.7.1 Message rejected as spam', 'Mottakerens server avviste e-posten (sperret eller tatt for søppelpost)', false],
    ['451 4.7.1 Greylisted, try again later', 'Midlertidig feil hos mottakeren: prøv igjen senere', false],
    ['connect ECONNREFUSED 127.0.0.1:587', 'Fikk ikke kontakt med e-posttjeneren', false],
    [
      'Ikke sendt: adressen er avmeldt eller kan ikke lenger få markedsføring',
      'Ikke sendt: adressen er avmeldt eller kan ikke lenger få markedsføring',
      false,
    ],
    ['Something odd happened', 'Ukjent feil ved sending', false],
  ])('%s', (raw, meaning, hard) => {
    expect(mailFailureMeaning(raw)).toEqual({ meaning, hard });
  });

  it('no error, no meaning', () => {
    expect(mailFailureMeaning(null)).toBeNull();
    expect(mailFailureMeaning('  ')).toBeNull();
  });
});
