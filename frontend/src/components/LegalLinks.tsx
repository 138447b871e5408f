import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

/** The legal pages as list items, for the footers' link lists. */
export function LegalLinks() {
  return (
    <>
      <li>
        <Link to={paths.terms.href()}>Vilkår</Link>
      </li>
      <li>
        <Link to={paths.privacy.href()}>Personvern</Link>
      </li>
      <li>
        <Link to={paths.cookies.href()}>Cookies</Link>
      </li>
    </>
  );
}
