import { Section, SectionHeader } from '../../../components/Layout';
import './StepsSection.css';

export interface Step {
  title: string;
  text: string;
}

/** Numbered steps (the landing page's "three steps"). */
export function StepsSection({
  title,
  eyebrow,
  steps,
  tone = 'default',
}: {
  title: string;
  eyebrow?: string;
  steps: Step[];
  tone?: 'default' | 'muted';
}) {
  return (
    <Section tone={tone} labelledBy="steps-title">
      <SectionHeader id="steps-title" eyebrow={eyebrow} title={title} center />
      <ol className="steps">
        {steps.map((s, i) => (
          <li key={s.title} className="steps__item">
            <span className="steps__num" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
