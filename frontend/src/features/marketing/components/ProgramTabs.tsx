import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button';
import { paths } from '../../../config/paths';
import { scrollToId } from '../../../lib/hooks';
import { CourseTabs } from './CourseTabs';

const PROGRAMS = ['starter', 'foundation', 'accelerator'] as const;
type Program = (typeof PROGRAMS)[number];

/**
 * Starter, Foundation and Accelerator as tabs on the landing page: choosing the Starter tab scrolls to
 * the page's sign-up form (`signupId`), choosing Foundation or Accelerator goes to /kurs/{tab}. Arrow keys
 * only move between the tabs (a tab list must stay usable by keyboard); each panel's button does the same.
 */
export function ProgramTabs({
  signupId,
  startLabel,
  showStarterValue = false,
}: {
  signupId: string;
  startLabel: string;
  /** Show Starter's value ("verdi 799 kr") beside its free price. */
  showStarterValue?: boolean;
}) {
  const [tab, setTab] = useState<Program>('starter');
  const navigate = useNavigate();
  const choose = (id: Program, via: 'click' | 'keyboard') => {
    setTab(id);
    if (via === 'keyboard') return;
    if (id === 'starter') scrollToId(signupId, true);
    else void navigate(paths.courseSales.href(id));
  };
  return (
    <CourseTabs
      ids={PROGRAMS}
      selected={tab}
      onSelect={choose}
      label="Kurs"
      showValue={showStarterValue && tab === 'starter'}
      action={(item) =>
        item.id === 'starter' ? (
          <Button size="lg" block onClick={() => scrollToId(signupId, true)}>
            {startLabel}
          </Button>
        ) : (
          <ButtonLink to={paths.courseSales.href(item.id as 'foundation' | 'accelerator')} size="lg" block>
            Les mer om {item.title}
          </ButtonLink>
        )
      }
    />
  );
}
