import type { LeadFunnelConditions } from './lead-list';

/**
 * What the dashboard's funnel needs to know of an address from the modules above leads: its account,
 * that account's variant and whether it bought, as SQL fragments on the owners' tables. Leads declare it; the account module, which sees identity and orders, provides it
 * (account/account-ports.module.ts).
 */
export const ADDRESS_FACTS = Symbol('ADDRESS_FACTS');

export type AddressFacts = LeadFunnelConditions;
