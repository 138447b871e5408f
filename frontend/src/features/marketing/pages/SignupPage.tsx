import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button';
import { FeatureList } from '../../../components/FeatureList';
import { Section } from '../../../components/Layout';
import { Notice } from '../../../components/Notice';
import { PageHero } from '../../../components/PageHero';
import { PriceTag } from '../../../components/Price';
import { paths, type SignupRetry } from '../../../config/paths';
import { useCatalog, useCoursesVat, useSettings } from '../../../lib/app-state';
import { Seo } from '../../../lib/head';
import { useMounted, useQueryParamAfterMount } from '../../../lib/hooks';
import { cx } from '../../../lib/class-names';
import { LeadForm } from '../components/LeadForm';
import { TrustBadges } from '../components/TrustBadges';
import { VippsLoginButton } from '../../../components/VippsLoginButton';
import './SignupPage.css';

const CHOICES = ['starter', 'foundation', 'accelerator'] as const;

/**
 * `/signup`: three cards (title, description, price, action). Foundation and Accelerator go to their sales
 * page; Starter opens the lead form. A failed free sign-up lands here with `?email=…&course=…`.
 */
export default function SignupPage() {
  const catalog = useCatalog();
  const vat = useCoursesVat();
  const location = useLocation();
  const mounted = useMounted();
  // A failed free sign-up passes the address as router state (older links had it in the query).
  const retry = mounted ? (location.state as Partial<SignupRetry> | null) : null;
  const queryEmail = useQueryParamAfterMount('email');
  const queryCourse = useQueryParamAfterMount('course');
  const email = (typeof retry?.email === 'string' && retry.email) || queryEmail;
  const course = (typeof retry?.course === 'string' && retry.course) || queryCourse;
  const [starterOpen, setStarterOpen] = useState(false);
  useEffect(() => {
    if (email) setStarterOpen(true);
  }, [email, course]);

  const { vippsLogin } = useSettings();
  const items = CHOICES.map((id) => catalog.items.find((i) => i.id === id)!);
  return (
    <>
      <Seo
        title="Velg kurs og kom i gang"
        description="Velg mellom det gratis Starter-kurset, Foundation og Accelerator. Se innhold og pris, og kom i gang med en gang."
        canonicalPath={paths.signup.path}
      />
      <PageHero
        size="sm"
        eyebrow="Påmelding"
        title="Velg kurs og kom i gang"
        lead={`Start gratis med Starter, eller gå rett til programmet som passer deg. Alle priser er totalpriser i NOK ${vat.short}.`}
      />
      <Section>
        {email && (
          <Notice icon="alert" iconSize={18} role="status" data-testid="signup-notice">
            <span>
              Vi fikk ikke fullført påmeldingen automatisk for <strong>{email}</strong>. Velg kurs nedenfor for å prøve igjen.
            </span>
          </Notice>
        )}
        <ul className="grid grid--3 choose-grid">
          {items.map((item) => (
            <li key={item.id} className={cx('card', 'choose-card', item.popular && 'card--highlight')}>
              {item.popular && <span className="badge badge--accent choose-card__ribbon">Mest populær</span>}
              <h2 className="choose-card__title">{item.title}</h2>
              <p className="choose-card__desc">{item.description}</p>
              <PriceTag item={item} showValue={item.id === 'starter'} />
              <FeatureList items={item.features.slice(0, 4)} />
              <div className="choose-card__action">
                {item.id === 'starter' ? (
                  starterOpen ? (
                    // The same free sign-up as the landing forms (`POST /api/create-user`), so a retry after a
                    // failed sign-up creates the account; the visit's first touch decides the variant.
                    <LeadForm
                      courseType="starter"
                      source={paths.signup.path}
                      signupAs="starter"
                      initialEmail={email ?? undefined}
                      layout="stacked"
                      showLabel
                    />
                  ) : (
                    <Button size="lg" block onClick={() => setStarterOpen(true)} aria-expanded={false}>
                      Start gratis
                    </Button>
                  )
                ) : (
                  <ButtonLink
                    to={paths.courseSales.href(
                      item.id as 'foundation' | 'accelerator',
                      email && course === item.id ? { email } : undefined,
                    )}
                    size="lg"
                    block
                    variant={item.popular ? 'primary' : 'secondary'}
                  >
                    Velg {item.title}
                  </ButtonLink>
                )}
              </div>
            </li>
          ))}
        </ul>
        {vippsLogin && (
          <div className="signup-vipps" data-testid="signup-vipps">
            <p>Har du Vipps? Da får du Starter-kurset med en gang, uten å skrive noe.</p>
            <VippsLoginButton next={paths.coursePlayer.href('starter')} />
          </div>
        )}
        <TrustBadges />
      </Section>
    </>
  );
}
