/**
 * The account of a lead's address, as SQL: a lead of someone who already has an account is linked
 * to it inside the lead's own INSERT (one statement, no lookup of its own). Leads sit below identity
 * and may neither read nor name its table: leads declare what they need, and the account module,
 * which sees both, provides identity's answer (account/account-ports.module.ts).
 */
export const ACCOUNT_OF_ADDRESS = Symbol('ACCOUNT_OF_ADDRESS');

export interface AccountOfAddress {
  /**
   * A parenthesised scalar subquery: the id of the account whose (normalised) address is bound to
   * its one `?` placeholder, or NULL without one. Table and column names are quoted with `quote`,
   * the caller's dialect (backticks on MySQL/MariaDB, double quotes on SQLite).
   */
  idSql(quote: (name: string) => string): string;
}
