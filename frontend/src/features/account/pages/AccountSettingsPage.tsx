import { PAID_COURSE_IDS, type MeResponse } from '@academy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BackLink } from '../../../components/BackButton';
import { ButtonLink } from '../../../components/Button';
import { MemberEmpty, MemberPage } from '../../../components/MemberShell';
import { MembershipSection } from '../../../components/MembershipSection';
import { RequireAuth } from '../../../components/RequireAuth';
import { paths } from '../../../config/paths';
import { formatShortDateOslo } from '../../../lib/format';
import { Seo } from '../../../lib/head';
import { setSession } from '../../../lib/session';
import { AccountSection } from '../components/AccountSection';
import { NameSection } from '../components/NameSection';
import { CalendarFeedSection } from '../components/CalendarFeedSection';
import { DiscordSection } from '../components/DiscordSection';
import { VippsSection } from '../components/VippsSection';
import { ChangePasswordForm, SetPasswordForm } from '../components/PasswordForms';
import { PrivacySection } from '../components/PrivacySection';
import { TwoFactorSection } from '../components/TwoFactorSection';
import './AccountSettingsPage.css';

/**
 * An account nobody has proved yet (a purchase made by typing the address): a first password needs the
 * owner to use the link in the e-mail first (the server answers 403 CLAIM_REQUIRED otherwise).
 */
function ClaimFirst({ me }: { me: MeResponse }) {
  const bought = me.courses.some((c) => (PAID_COURSE_IDS as readonly string[]).includes(c));
  return (
    <AccountSection data-testid="claim-required">
      <h2>Sett passord</h2>
      <p className="account-section__lead">
        {bought ? (
          <>
            Kvitteringen vi sendte til <strong>{me.email}</strong> har en lenke for å bekrefte e-postadressen og sette passord.
          </>
        ) : (
          <>
            E-posten vi sendte til <strong>{me.email}</strong> har en innloggingslenke. Bruk den for å bekrefte e-postadressen, så
            kan du sette passord.
          </>
        )}{' '}
        Slik vet vi at kontoen er din.
      </p>
      <p className="account-section__lead">
        Finner du ikke e-posten? <Link to={paths.forgotPassword.href()}>Få en ny lenke på e-post</Link>.
      </p>
    </AccountSection>
  );
}

function Settings({ me, onDeleted }: { me: MeResponse; onDeleted: (message: string) => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  // Stay on 'Sett passord' (with its success message) until the redirect, even though the server now has a password.
  // Only a claimed account may set its first password.
  const [settingFirst] = useState(!me.passwordSet && me.claimed);
  // Saved: the lead no longer says the account has no password (the redirect follows 2 s later).
  const [firstSaved, setFirstSaved] = useState(false);
  const onFirstSaved = useCallback(() => setFirstSaved(true), []);

  const onPasswordSet = useCallback(
    (user: MeResponse) => {
      setSession(qc, user);
      void navigate(paths.dashboard.href());
    },
    [qc, navigate],
  );

  return (
    <MemberPage header={<span className="member-header__email">{me.email}</span>}>
      <Seo title={settingFirst ? 'Sett passord' : 'Kontoinnstillinger'} noindex />
      <div className="container container--narrow account">
        <BackLink to={paths.dashboard.href()} label="Tilbake til dashboard" />
        {settingFirst ? (
          <AccountSection>
            <h1>Sett passord</h1>
            <p className="account-section__lead" data-testid="set-password-lead">
              {firstSaved || me.passwordSet ? (
                <>
                  Kontoen din for <strong>{me.email}</strong> har nå passord. Du kan logge inn med e-post og passord.
                </>
              ) : (
                <>
                  Kontoen din for <strong>{me.email}</strong> har ikke passord ennå. Velg et passord, så kan du logge inn med
                  e-post og passord.
                </>
              )}
            </p>
            <SetPasswordForm onDone={onPasswordSet} onSaved={onFirstSaved} />
          </AccountSection>
        ) : (
          <>
            <h1 className="account__title">Kontoinnstillinger</h1>
            <AccountSection>
              <h2>Konto</h2>
              <dl className="account-info">
                <div>
                  <dt>E-post</dt>
                  <dd>{me.email}</dd>
                </div>
                <div>
                  <dt>Opprettet</dt>
                  <dd>
                    <time dateTime={me.createdAt}>{formatShortDateOslo(me.createdAt)}</time>
                  </dd>
                </div>
              </dl>
            </AccountSection>
            <NameSection me={me} />
            <VippsSection me={me} />
            <MembershipSection userId={me.id} className="card account-section" />
            {me.passwordSet ? (
              <>
                <AccountSection>
                  <h2>Endre passord</h2>
                  <ChangePasswordForm />
                </AccountSection>
                <TwoFactorSection me={me} />
              </>
            ) : (
              <ClaimFirst me={me} />
            )}
          </>
        )}
        {!settingFirst && <CalendarFeedSection me={me} />}
        {!settingFirst && <DiscordSection me={me} />}
        <PrivacySection me={me} onDeleted={onDeleted} />
      </div>
    </MemberPage>
  );
}

/**
 * `/account/settings`: 'Sett passord' for a claimed account without one, else 'Kontoinnstillinger' (an
 * unclaimed account is told to use the mailed link first); the member's VIP page
 * (`/account/settings#membership-vip`) for one who has or had VIP; the privacy rights.
 */
export default function AccountSettingsPage() {
  const qc = useQueryClient();
  const [deleted, setDeleted] = useState<string | null>(null);

  const onDeleted = useCallback(
    (message: string) => {
      setDeleted(message);
      setSession(qc, null);
      qc.removeQueries({ queryKey: ['progress'] });
      qc.removeQueries({ queryKey: ['course'] });
    },
    [qc],
  );

  if (deleted) {
    return (
      <MemberPage>
        <Seo title="Kontoen er slettet" noindex />
        <MemberEmpty icon="check" title="Kontoen er slettet" role="status">
          <p>{deleted}</p>
          <ButtonLink to={paths.home.href()}>Til forsiden</ButtonLink>
        </MemberEmpty>
      </MemberPage>
    );
  }
  return <RequireAuth>{(me) => <Settings me={me} onDeleted={onDeleted} />}</RequireAuth>;
}
