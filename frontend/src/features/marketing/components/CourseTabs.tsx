import type { CatalogId, CatalogItem } from '@academy/contracts';
import type { ReactNode } from 'react';
import { PriceTag } from '../../../components/Price';
import { TabList, TabPanel, useTabsId } from '../../../components/Tabs';
import { useCatalog } from '../../../lib/app-state';
import { formatPriceKr } from '../../../lib/format';
import { FeatureList } from '../../../components/FeatureList';
import './CourseTabs.css';

/**
 * Tabs over catalogue items (programme section, variant pages): each panel shows the item's description,
 * price (from the catalogue) and features, plus an action the page decides.
 */
export function CourseTabs<K extends CatalogId>({
  ids,
  selected,
  onSelect,
  label,
  action,
  extra,
  showValue,
}: {
  ids: readonly K[];
  selected: K;
  onSelect: (id: K, via: 'click' | 'keyboard') => void;
  label: string;
  action: (item: CatalogItem) => ReactNode;
  extra?: (item: CatalogItem) => ReactNode;
  showValue?: boolean;
}) {
  const catalog = useCatalog();
  const idBase = useTabsId('kurs');
  const items = ids.map((id) => catalog.items.find((i) => i.id === id)!).filter(Boolean);
  const item = items.find((i) => i.id === selected) ?? items[0];
  return (
    <div className="course-tabs">
      <TabList
        idBase={idBase}
        label={label}
        selected={selected}
        onSelect={onSelect}
        items={items.map((i) => ({
          key: i.id as K,
          label: i.title,
          hint: i.priceOre === 0 ? 'Gratis' : formatPriceKr(i.priceOre),
        }))}
      />
      <TabPanel idBase={idBase} selected={item.id} className="course-tabs__panel">
        <div className="course-tabs__main">
          <div className="course-tabs__heading">
            <h3 className="course-tabs__title">
              {item.title}
              {item.popular && <span className="badge badge--accent">Mest populær</span>}
            </h3>
            <p className="course-tabs__desc">{item.description}</p>
          </div>
          <FeatureList items={item.features} columns={2} />
          {extra?.(item)}
        </div>
        <div className="course-tabs__side">
          <PriceTag item={item} size="lg" showValue={showValue} />
          {action(item)}
        </div>
      </TabPanel>
    </div>
  );
}
