import { Icon, type IconName } from '../../../components/Icon';
import { Section, SectionHeader } from '../../../components/Layout';
import './HonestySection.css';

const POINTS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'alert',
    title: 'De fleste taper penger',
    text: 'Trading er vanskelig, og de fleste som prøver uten plan taper. Vi lover ingen rask rikdom – vi lærer deg å forstå risikoen før du tar den.',
  },
  {
    icon: 'target',
    title: 'Metode, ikke signaler',
    text: 'Du får ingen «kjøp nå»-tips å kopiere. Du lærer å lese markedsstruktur selv med Wyckoff og price action, slik at beslutningene blir dine.',
  },
  {
    icon: 'shield',
    title: 'Risikostyring først',
    text: 'Posisjonsstørrelse, stop-loss og en journal kommer før strategier. Det er dette som avgjør om du fortsatt er med om et år.',
  },
];

/** "Ærlig talt": what trading is and is not (landing page). */
export function HonestySection() {
  return (
    <Section tone="muted" labelledBy="honesty-title">
      <SectionHeader
        id="honesty-title"
        eyebrow="Ærlig talt"
        title="Trading er en ferdighet – ikke en snarvei"
        lead="Innholdet er opplæring, ikke finansiell rådgivning. Her er det vi mener alle bør vite før de starter."
        center
      />
      <ul className="grid grid--3">
        {POINTS.map((p) => (
          <li key={p.title} className="card point-card">
            <span className="point-card__icon">
              <Icon name={p.icon} size={22} />
            </span>
            <h3>{p.title}</h3>
            <p>{p.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
