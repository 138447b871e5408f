import { CHECKOUT_COURSE_IDS, type CatalogItem } from '@academy/contracts';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/Layout';
import { paths } from '../../../config/paths';
import { useCatalog } from '../../../lib/app-state';
import { formatPriceKr } from '../../../lib/format';
import { Seo } from '../../../lib/head';
import { CHECKOUT_COPY as T } from '../content';
import { CheckoutShell } from './CheckoutShell';

/** `/bestill?course=xyz` of a course not sold here: the courses that are, and the way to the rest. */
export function CourseNotFound({ id }: { id: string }) {
  const catalog = useCatalog();
  const items = CHECKOUT_COURSE_IDS.map((c) => catalog.items.find((i) => i.id === c)).filter((i): i is CatalogItem => !!i);
  return (
    <CheckoutShell>
      <Seo title={T.notFoundTitle} description={T.seoDescription} noindex />
      <div className="container container--narrow checkout-page">
        <Card className="checkout-notfound">
          <h1 className="checkout-intro__title">{T.notFoundTitle}</h1>
          <p role="alert">{T.notFoundText(id.slice(0, 60))}</p>
          <ul className="checkout-notfound__list">
            {items.map((i) => (
              <li key={i.id}>
                <Link to={paths.checkout.href({ course: i.id })} className="checkout-notfound__link">
                  <span className="checkout-notfound__name">{i.title}</span>
                  <span className="checkout-notfound__price">{formatPriceKr(i.priceOre)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p>
            <Link to={paths.home.href()}>{T.notFoundHome}</Link>
          </p>
        </Card>
      </div>
    </CheckoutShell>
  );
}
