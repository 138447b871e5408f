import { DISCORD_MSG, DISCORD_RESULTS, isDiscordFrontPage, type DiscordResult, type MeResponse } from '@academy/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, ButtonAnchor } from '../../../components/Button';
import { StatusMessage, type FormStatus } from '../../../components/Form';
import { ApiError } from '../../../lib/api';
import { useSettings } from '../../../lib/app-state';
import { DISCORD_CONNECT_PATH, useUnlinkDiscord } from '../api/discord';
import { AccountSection } from './AccountSection';

const isResult = (v: string | null): v is DiscordResult => (DISCORD_RESULTS as readonly string[]).includes(v ?? '');

/**
 * 'Discord': "Koble til Discord" (the server's roles follow the courses and memberships owned), or the
 * linked account with a way to unlink. Without Discord on the site: the community's invite link.
 */
export function DiscordSection({ me }: { me: MeResponse }) {
  const settings = useSettings();
  const [params] = useSearchParams();
  const unlink = useUnlinkDiscord(me);
  const back = params.get('discord');
  const [status, setStatus] = useState<FormStatus>(
    isResult(back) ? { kind: back === 'linked' ? 'success' : 'error', text: DISCORD_MSG.results[back] } : null,
  );

  if (!me.discord.enabled) {
    // No Discord settings and no invitation: nothing to open (discord.com's front page is no community).
    if (isDiscordFrontPage(settings.communityUrl)) return null;
    return (
      <AccountSection data-testid="discord">
        <h2>Fellesskapet</h2>
        <p className="account-section__lead">Bli med i fellesskapet vårt på Discord.</p>
        <div className="account-section__actions">
          <ButtonAnchor href={settings.communityUrl} target="_blank" rel="noopener noreferrer" size="sm" variant="secondary">
            Åpne invitasjonen
          </ButtonAnchor>
        </div>
      </AccountSection>
    );
  }

  const onUnlink = () => {
    setStatus(null);
    unlink.mutate(undefined, {
      onSuccess: (res) => setStatus({ kind: 'success', text: res.message }),
      onError: (err) => setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : 'Noe gikk galt. Prøv igjen.' }),
    });
  };

  return (
    <AccountSection data-testid="discord">
      <h2>Discord</h2>
      {me.discord.linked ? (
        <>
          <p className="account-section__lead">
            Koblet til <strong>{me.discord.username}</strong>. Rollene dine i Discord følger kursene og medlemskapene dine.
          </p>
          <div className="account-section__actions">
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={onUnlink}
              busy={unlink.isPending}
              disabled={unlink.isPending}
            >
              Koble fra Discord
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="account-section__lead">
            Koble til Discord-kontoen din, så blir du med på serveren og får kanalene for kursene og medlemskapene du har.
          </p>
          <div className="account-section__actions">
            <ButtonAnchor href={DISCORD_CONNECT_PATH} size="sm">
              Koble til Discord
            </ButtonAnchor>
          </div>
        </>
      )}
      <StatusMessage status={status} />
    </AccountSection>
  );
}
