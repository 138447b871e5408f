/**
 * The panel's resources in menu order. The full panel (AdminApp.tsx) must register a view for each
 * name (its type makes that so), and the light first-load shell lists the same menu from here,
 * without loading react-admin. Add a new resource here and in AdminApp.tsx's VIEWS.
 */
export const RESOURCE_NAMES = [
  'leads',
  'users',
  'orders',
  'campaign-codes',
  'courses',
  'modules',
  'live-sessions',
  'mentor-threads',
  'questions',
  'audit-log',
  'outbox',
  'certificates',
  'broadcasts',
  'sequences',
] as const;

export type ResourceName = (typeof RESOURCE_NAMES)[number];

/** The e-mail resources, shown as their own group ('E-post') in the menu. */
const MAIL_GROUP: readonly ResourceName[] = ['broadcasts', 'sequences'];

/** The menu: the resources in order, the e-mail ones last under their heading. */
export const MENU_GROUPS: ReadonlyArray<{ heading: string | null; resources: readonly ResourceName[] }> = [
  { heading: null, resources: RESOURCE_NAMES.filter((n) => !MAIL_GROUP.includes(n)) },
  { heading: 'E-post', resources: MAIL_GROUP },
];

/** The panel's own pages after the resources. */
export const CUSTOM_PAGES = [
  { path: '/partners', label: 'Partnere' },
  { path: '/partner-payouts', label: 'Utbetalinger' },
  { path: '/accounting', label: 'Regnskap' },
  { path: '/settings', label: 'Innstillinger' },
  { path: '/security', label: 'Sikkerhet' },
  { path: '/status', label: 'Driftsstatus' },
] as const;
