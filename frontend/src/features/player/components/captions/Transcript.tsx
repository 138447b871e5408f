import { formatClock, parseVtt, transcriptParagraphs } from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import './Captions.css';

async function fetchTranscript(url: string, signal?: AbortSignal) {
  const res = await fetch(url, { credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`captions ${res.status}`);
  const parsed = parseVtt(await res.text());
  return parsed.ok ? transcriptParagraphs(parsed.cues) : [];
}

/**
 * The module's transcript under the video: the approved captions as paragraphs the student can read
 * and search with the browser; each paragraph's time is a link that plays the video from there.
 */
export function Transcript({
  url,
  linkFor,
  onSeek,
}: {
  url: string;
  /** The address of a moment (a real link: it can be opened in a new tab or copied). */
  linkFor(seconds: number): string;
  onSeek(seconds: number): void;
}) {
  const q = useQuery({ queryKey: ['transcript', url], queryFn: ({ signal }) => fetchTranscript(url, signal), staleTime: 60_000 });
  if (q.isPending) return null;
  if (q.error || !q.data.length) return null;
  return (
    <section className="transcript" aria-labelledby="transcript-title" data-testid="transcript">
      <h2 id="transcript-title">Transkripsjon</h2>
      <div className="transcript__body">
        {q.data.map((p) => {
          const seconds = Math.floor(p.startMs / 1000);
          return (
            <p key={p.startMs} className="transcript__para">
              <a
                className="transcript__time"
                href={linkFor(seconds)}
                aria-label={`Spill av fra ${formatClock(seconds)}`}
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  onSeek(seconds);
                }}
              >
                {formatClock(seconds)}
              </a>{' '}
              {p.text}
            </p>
          );
        })}
      </div>
    </section>
  );
}
