import { ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { MemberEmpty, MemberPage } from '../../../components/MemberShell';
import { paths } from '../../../config/paths';

/** A course that is gone (the API answered 404 for a known id). */
export function CourseNotFound() {
  return (
    <MemberPage>
      <MemberEmpty icon="alert" title="Kurs ikke funnet">
        <p>Kurset finnes ikke lenger, eller det er midlertidig utilgjengelig.</p>
        <ButtonLink to={paths.dashboard.href()} variant="secondary">
          <Icon name="arrowLeft" size={18} />
          Tilbake til Mine kurs
        </ButtonLink>
      </MemberEmpty>
    </MemberPage>
  );
}
