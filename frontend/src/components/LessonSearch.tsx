import { formatClock, type SearchResponse, type SnippetPart } from '@academy/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { ApiError, apiGet } from '../lib/api';
import { Button } from './Button';
import { Input } from './Form';
import './LessonSearch.css';

function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <span className="lesson-search__snippet">
      {parts.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </span>
  );
}

const FIELD_LABEL = { title: 'Tittel', description: 'Beskrivelse' } as const;

/**
 * "Søk i leksjonene": titles, descriptions and transcripts of the courses the student may watch
 * (GET /api/search). Each hit opens the player at the module, a transcript hit at its second.
 */
export function LessonSearch({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [answer, setAnswer] = useState<SearchResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const H = `h${headingLevel}` as const;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setAnswer(await apiGet<SearchResponse>(`/api/search?q=${encodeURIComponent(q.trim())}`));
    } catch (err) {
      setAnswer(null);
      setError(err instanceof ApiError ? err.message : 'Søket feilet. Prøv igjen.');
    } finally {
      setBusy(false);
    }
  };

  const count = answer?.results.length ?? 0;
  return (
    <section className="lesson-search" aria-labelledby={`${id}-title`} data-testid="lesson-search">
      <H id={`${id}-title`} className="lesson-search__title">
        Søk i leksjonene
      </H>
      <form role="search" className="lesson-search__form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${id}-q`} className="sr-only">
          Søk i titler, beskrivelser og det som sies i videoene
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="F.eks. likviditet"
          minLength={2}
          maxLength={100}
          required
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" busy={busy} variant="secondary">
          Søk
        </Button>
      </form>
      <p className="lesson-search__status" role="status">
        {error ? (
          <span id={`${id}-error`}>{error}</span>
        ) : answer ? (
          count ? (
            `${count} ${count === 1 ? 'modul' : 'moduler'} med treff for «${answer.query}»`
          ) : (
            `Ingen treff for «${answer.query}»`
          )
        ) : null}
      </p>
      {answer && count > 0 && (
        <ol className="lesson-search__results">
          {answer.results.map((r) => (
            <li key={r.moduleId} className="lesson-search__module">
              <p className="lesson-search__module-title">
                <span className="lesson-search__course">{r.courseTitle}</span> · {r.moduleTitle}
              </p>
              <ul className="lesson-search__hits">
                {r.hits.map((h, i) => (
                  <li key={i}>
                    <Link
                      to={paths.coursePlayer.href(r.courseId, { modul: r.moduleId, t: h.seconds ?? undefined })}
                      className="lesson-search__hit"
                      data-testid="search-hit"
                    >
                      <span className="lesson-search__where">
                        {h.seconds !== null ? formatClock(h.seconds) : FIELD_LABEL[h.field as 'title' | 'description']}
                      </span>
                      <Snippet parts={h.snippet} />
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
