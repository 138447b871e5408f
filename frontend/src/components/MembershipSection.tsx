import { useEffect, useRef } from 'react';
import { cx } from '../lib/class-names';
import { formatLongDateOslo } from '../lib/format';
import { scrollToId } from '../lib/hooks';
import { membershipAnchor, useMembership } from '../lib/membership';
import { ButtonAnchor, ButtonLink } from './Button';
import { Icon } from './Icon';
import { MembershipRenewal } from './MembershipRenewal';
import './MembershipSection.css';

const daysText = (n: number) => `${n} ${n === 1 ? 'dag' : 'dager'}`;

/**
 * A link to the member's VIP page (`/account/settings#membership-vip`, the Vipps agreement's
 * `merchantAgreementUrl`) is opened before the memberships have loaded, so the browser finds no such
 * element: once they show, scroll to the one the fragment names.
 */
function useScrollToFragment(shown: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!shown || done.current) return;
    done.current = true;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id.startsWith('membership-')) scrollToId(id);
  }, [shown]);
}

/**
 * 'VIP-medlemskap', the member's VIP page (on the dashboard and in the account settings): the access
 * period (from, to, days left), the community link while it runs, and the renewal (automatic when
 * chosen at checkout, with «Si opp»; else 12 new months from the end by «Forny»), with the receipts.
 * Nothing without a membership. Each membership is a section `#membership-<productId>`; `className`
 * is the page's panel.
 */
export function MembershipSection({ userId, className }: { userId: number; className?: string }) {
  const { data } = useMembership(userId);
  const shown = !!data && data.memberships.length > 0;
  useScrollToFragment(shown);
  if (!data || !shown) return null;
  return (
    <>
      {data.memberships.map((m) => {
        const ends = formatLongDateOslo(m.endsAt);
        const id = membershipAnchor(m.productId);
        return (
          <section
            key={m.productId}
            id={id}
            className={cx('membership', className)}
            aria-labelledby={`${id}-title`}
            data-testid={id}
          >
            <h2 id={`${id}-title`} className="membership__title">
              <Icon name="spark" size={22} /> {m.title}-medlemskap
            </h2>
            {m.active ? (
              <p>
                Tilgangsperiode: {formatLongDateOslo(m.startsAt)} – {ends}. <strong>{daysText(m.daysLeft)} igjen.</strong>
              </p>
            ) : (
              <p>Medlemskapet ble avsluttet {ends}.</p>
            )}
            {m.active && <p>Du har de ukentlige {m.title} live-øktene, fellesskapet og kursene som følger med.</p>}
            <MembershipRenewal m={m} userId={userId} />
            {(!m.subscription || m.communityUrl) && (
              <p className="membership__actions">
                {!m.subscription && (
                  <ButtonLink to={m.renewPath} size="sm">
                    Forny {m.title}
                  </ButtonLink>
                )}
                {m.communityUrl && (
                  <ButtonAnchor href={m.communityUrl} target="_blank" rel="noopener noreferrer" variant="secondary" size="sm">
                    Åpne {m.title}-fellesskapet
                  </ButtonAnchor>
                )}
              </p>
            )}
          </section>
        );
      })}
    </>
  );
}
