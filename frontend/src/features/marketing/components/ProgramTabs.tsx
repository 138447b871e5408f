import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/Button';
import { paths } from '../../../config/paths';
import { scrollToId } from '../../../lib/hooks';
import { CourseTabs } from './CourseTabs';

const PROGRAMS = ['starter', 'foundation', 'accelerator'] as const;
type Program = (typeof PROGRAMS)[number];

/**
 * Starter, Foundation and Accelerator as tabs: Starter's button scrolls to the page's sign-up form
 * (`signupId`), the paid ones link to their sales page.
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
  return (
    <CourseTabs
      ids={PROGRAMS}
      selected={tab}
      onSelect={setTab}
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
