import { ButtonAnchor, ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { useMembership } from '../api/membership';

const dateFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });
const daysText = (n: number) => `${n} ${n === 1 ? 'dag' : 'dager'}`;

/**
 * 'VIP-medlemskap': the access period (from, to, days left), the community link while it runs, and the
 * renewal (12 new months from the end; never automatic). Nothing without a membership.
 */
export function MembershipSection({ userId }: { userId: number }) {
  const { data } = useMembership(userId);
  if (!data || data.memberships.length === 0) return null;
  return (
    <>
      {data.memberships.map((m) => {
        const ends = dateFmt.format(new Date(m.endsAt));
        return (
          <section
            key={m.productId}
            className="dashboard__panel"
            aria-labelledby={`membership-${m.productId}`}
            data-testid={`membership-${m.productId}`}
          >
            <h2 id={`membership-${m.productId}`}>
              <Icon name="spark" size={22} /> {m.title}-medlemskap
            </h2>
            {m.active ? (
              <p>
                Tilgangsperiode: {dateFmt.format(new Date(m.startsAt))} – {ends}. <strong>{daysText(m.daysLeft)} igjen.</strong>
              </p>
            ) : (
              <p>Medlemskapet ble avsluttet {ends}.</p>
            )}
            <p>
              {m.active ? `Du har de ukentlige ${m.title} live-øktene, fellesskapet og kursene som følger med. ` : ''}
              Medlemskapet fornyes ikke automatisk. Fornyer du før {ends}, legges de nye månedene til fra {ends}.
            </p>
            <p className="dashboard__actions">
              <ButtonLink to={m.renewPath} size="sm">
                Forny {m.title}
              </ButtonLink>
              {m.communityUrl && (
                <ButtonAnchor href={m.communityUrl} target="_blank" rel="noopener noreferrer" variant="secondary" size="sm">
                  Åpne {m.title}-fellesskapet
                </ButtonAnchor>
              )}
            </p>
          </section>
        );
      })}
    </>
  );
}
