import type { ReactNode } from 'react';
import { Section, SectionHeader } from '../../../components/Layout';
import './CtaSection.css';

/** The dark call to action at the foot of a marketing page: a centred heading and lead, then the form. */
export function CtaSection({
  id,
  title,
  lead,
  children,
}: {
  /** The heading's id (the section is labelled by it; buttons scroll to it). */
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <Section tone="dark" labelledBy={id} narrow className="cta-section">
      <SectionHeader id={id} title={title} lead={lead} center />
      {children}
    </Section>
  );
}
