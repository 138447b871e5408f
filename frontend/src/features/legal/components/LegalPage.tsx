import type { ReactNode } from 'react';
import { BackButton } from '../../../components/BackButton';
import { Container } from '../../../components/Layout';
import { PageHero } from '../../../components/PageHero';
import { formatNorwegianDate } from '../../../lib/format';
import { Seo } from '../../../lib/head';
import { useCanonicalPath } from '../../../lib/use-canonical';
import './LegalPage.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A legal document: heading, the date its text last changed (a constant per document,
 * docs/decisions.md "Claims that must be true"),
 * a Back button, a table of contents and the numbered sections.
 */
export function LegalPage({
  title,
  description,
  updated,
  intro,
  sections,
}: {
  title: string;
  description: string;
  /** ISO date the text last changed. */
  updated: string;
  intro?: ReactNode;
  sections: LegalSection[];
}) {
  const canonical = useCanonicalPath();
  return (
    <>
      <Seo title={title} description={description} canonicalPath={canonical} ogType="article" />
      <PageHero size="sm" narrow className="legal-hero" before={<BackButton className="back-link--light" />} title={title}>
        <p className="legal-updated">
          Sist oppdatert: <time dateTime={updated}>{formatNorwegianDate(updated)}</time>
        </p>
      </PageHero>
      <Container narrow className="legal">
        {intro && <div className="prose legal__intro">{intro}</div>}
        <nav aria-label="Innhold" className="legal__toc">
          <h2 className="legal__toc-title">Innhold</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="prose legal__section">
            <h2 id={`${s.id}-title`}>
              {i + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
        <div className="legal__back">
          <BackButton />
        </div>
      </Container>
    </>
  );
}
