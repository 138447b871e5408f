import { MENTOR_STATUS_LABELS, type MentorMessage, type MentorThreadStatus } from '@academy/contracts';

const timeFmt = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
export const when = (iso: string) => timeFmt.format(new Date(iso));

export function StatusBadge({ status }: { status: MentorThreadStatus }) {
  return <span className={`mentor-status mentor-status--${status}`}>{MENTOR_STATUS_LABELS[status]}</span>;
}

/** The conversation, oldest first: each message's text (Markdown rendered and sanitised on the server) and its chart images. */
export function MentorMessages({ messages }: { messages: MentorMessage[] }) {
  return (
    <ol className="mentor-messages">
      {messages.map((m) => (
        <li key={m.id} className={`mentor-message mentor-message--${m.author}`} data-testid={`mentor-message-${m.author}`}>
          <p className="mentor-message__meta">
            {m.author === 'mentor' ? `Svar fra ${m.authorName}` : 'Du'} · <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
          </p>
          <div className="mentor-message__body" dangerouslySetInnerHTML={{ __html: m.bodyHtml }} />
          {m.images.length > 0 && (
            <ul className="mentor-message__images">
              {m.images.map((img, i) => (
                <li key={img.id}>
                  <a href={img.url} target="_blank" rel="noopener">
                    <img
                      src={img.thumbUrl}
                      alt={`Bilde ${i + 1} (${img.width} × ${img.height} piksler), åpnes i full størrelse`}
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
