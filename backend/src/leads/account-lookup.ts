/**
 * The account id of a normalised address, or null. A lead of someone who already has an account is
 * linked to it. Leads sit below identity and may not read its table: leads declare what they need,
 * and the account module, which sees both, provides it (account/account-ports.module.ts).
 */
export const ACCOUNT_LOOKUP = Symbol('ACCOUNT_LOOKUP');

export interface AccountLookup {
  accountOf(email: string): Promise<number | null>;
}
