import { Icon } from './Icon';
import './FeatureList.css';

/** A list with a check mark before each item (a course's features, a module's topics). */
export function FeatureList({
  items,
  columns = 1,
  iconSize = 18,
}: {
  items: readonly string[];
  columns?: 1 | 2;
  iconSize?: number;
}) {
  return (
    <ul className={`feature-list feature-list--cols-${columns}`}>
      {items.map((f) => (
        <li key={f}>
          <Icon name="check" size={iconSize} />
          <span>{f}</span>
        </li>
      ))}
    </ul>
  );
}
