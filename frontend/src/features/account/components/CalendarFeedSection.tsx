import { LIVE_SESSION_COURSE_IDS, type MeResponse } from '@academy/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input, StatusMessage, type FormStatus } from '../../../components/Form';
import { ApiError } from '../../../lib/api';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar';
import { AccountSection } from './AccountSection';

/**
 * 'Kalender for live-økter': the private feed address to subscribe to in Google Calendar, Outlook or
 * Apple Calendar, and a reset for when it has been shared by mistake (the old address stops working).
 * Shown to students who own a course with live sessions.
 */
export function CalendarFeedSection({ me }: { me: MeResponse }) {
  const eligible = me.role === 'admin' || me.courses.some((c) => (LIVE_SESSION_COURSE_IDS as readonly string[]).includes(c));
  const feed = useCalendarFeed(me.id, eligible);
  const reset = useResetCalendarFeed(me.id);
  const [status, setStatus] = useState<FormStatus>(null);
  /** The reset asks first, in the page (no native dialog). */
  const [confirming, setConfirming] = useState(false);
  if (!eligible) return null;

  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.feedUrl);
      setStatus({ kind: 'success', text: 'Adressen er kopiert.' });
    } catch {
      setStatus({ kind: 'error', text: 'Kunne ikke kopiere. Merk adressen og kopier den selv.' });
    }
  };
  const onReset = () => {
    setConfirming(false);
    setStatus(null);
    reset.mutate(undefined, {
      onSuccess: () => setStatus({ kind: 'success', text: 'Ny adresse laget. Den gamle virker ikke lenger.' }),
      onError: (err) => setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : 'Noe gikk galt. Prøv igjen.' }),
    });
  };

  return (
    <AccountSection data-testid="calendar-feed">
      <h2>Kalender for live-økter</h2>
      <p className="account-section__lead">
        Abonner på live-øktene i din egen kalender (Google Kalender, Outlook, Apple Kalender). Nye, flyttede og avlyste økter
        oppdateres av seg selv. Adressen er personlig: del den ikke med andre.
      </p>
      {feed.data ? (
        <Field id="calendar-feed-url" label="Din private kalenderadresse">
          <Input id="calendar-feed-url" readOnly value={feed.data.feedUrl} onFocus={(e) => e.currentTarget.select()} />
        </Field>
      ) : (
        <p>{feed.error ? 'Kunne ikke hente kalenderadressen.' : 'Henter kalenderadressen…'}</p>
      )}
      <div className="account-section__actions">
        <Button type="button" size="sm" onClick={() => void copy()} disabled={!feed.data}>
          Kopier adressen
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => setConfirming(true)}
          busy={reset.isPending}
          disabled={reset.isPending || confirming}
        >
          Lag ny adresse
        </Button>
      </div>
      {confirming && (
        <div className="account-section__confirm" role="group" aria-labelledby="calendar-feed-confirm">
          <p id="calendar-feed-confirm">Lage en ny adresse? Kalendere som abonnerer på den gamle, slutter å få oppdateringer.</p>
          <div className="account-section__actions">
            <Button type="button" size="sm" onClick={onReset} autoFocus>
              Ja, lag ny adresse
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={() => setConfirming(false)}>
              Avbryt
            </Button>
          </div>
        </div>
      )}
      <StatusMessage status={status} />
    </AccountSection>
  );
}
