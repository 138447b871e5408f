import { Icon } from '../../../components/Icon';

export function FeatureList({ items, columns = 1 }: { items: readonly string[]; columns?: 1 | 2 }) {
  return (
    <ul className={`feature-list feature-list--cols-${columns}`}>
      {items.map((f) => (
        <li key={f}>
          <Icon name="check" size={18} />
          <span>{f}</span>
        </li>
      ))}
    </ul>
  );
}
