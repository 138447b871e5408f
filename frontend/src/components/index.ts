export { Button, ButtonAnchor, ButtonLink, buttonClass } from './Button';
export { Badge, Card, Container, Section, SectionHeader } from './Layout';
export { Price, PriceTag, formatPriceDash, formatPriceKr } from './Price';
export { TabList, TabPanel, useTabsId } from './Tabs';
export { Icon, type IconName } from './Icon';
export { BackButton } from './BackButton';
