import type { SequenceStepInput } from '@academy/contracts';

/**
 * The seeded sequence for Starter leads: three mails over seven days that help with the free course
 * and lead to Foundation. `{{nettsted}}` becomes the site's address when a mail is made. The mentor
 * edits it in the panel like any other sequence; the second and third mails stop for a buyer.
 */
export const STARTER_SEQUENCE: { seedKey: string; name: string; steps: SequenceStepInput[] } = {
  seedKey: 'starter-lead',
  name: 'Starter: de første 7 dagene',
  steps: [
    {
      waitDays: 1,
      sendHour: 9,
      subject: 'Slik får du mest ut av Starter-kurset',
      body:
        'Hei!\n\n' +
        'Takk for at du meldte deg på Starter. De fleste som lykkes med trading, har én ting felles: ' +
        'de lærer grunnmuren før de risikerer penger. Derfor er tipset mitt i dag enkelt:\n\n' +
        '- Se én modul om dagen, ikke alt på én kveld.\n' +
        '- Skriv ned ett spørsmål etter hver modul.\n' +
        '- Prøv det du lærer på et demokonto, aldri med ekte penger først.\n\n' +
        '[Fortsett Starter-kurset]({{nettsted}}/kurs/starter)\n\n' +
        'Lykke til!',
      stopIfBought: null,
    },
    {
      waitDays: 3,
      sendHour: 9,
      subject: 'De tre feilene nesten alle nybegynnere gjør',
      body:
        'Hei igjen!\n\n' +
        'Etter å ha hjulpet mange i gang ser jeg de samme tre feilene om og om igjen:\n\n' +
        '1. **For stor risiko per handel.** Mer enn 1–2 % av kontoen på én handel gjør at én dårlig dag kan ødelegge måneden.\n' +
        '2. **Ingen plan.** Uten faste regler for inngang og utgang blir det følelsene som handler.\n' +
        '3. **Ingen journal.** Det du ikke skriver ned, lærer du ikke av.\n\n' +
        'I Foundation går vi gjennom risikostyring, en komplett handelsplan og journalføring steg for steg.\n\n' +
        '[Se hva Foundation inneholder]({{nettsted}}/kurs/foundation)',
      stopIfBought: 'foundation',
    },
    {
      waitDays: 3,
      sendHour: 18,
      subject: 'Klar for neste steg? Foundation venter',
      body:
        'Hei!\n\n' +
        'Nå har du hatt en uke med Starter. Vil du bygge videre med en strukturert plan, er Foundation neste steg: ' +
        'grundige moduler, konkrete eksempler og en plan du kan følge fra dag én.\n\n' +
        'Du har 30 dagers pengene-tilbake-garanti, så du kan prøve uten risiko.\n\n' +
        '[Bestill Foundation]({{nettsted}}/bestill?course=foundation)\n\n' +
        'Har du spørsmål? Bare svar på denne e-posten.',
      stopIfBought: 'foundation',
    },
  ],
};
