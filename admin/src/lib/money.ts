/**
 * Money in the panel. The API counts øre (`amountOre`, `refundedOre`, `revenueOre`…); the mentor
 * reads and types kroner. Every amount on screen goes through formatKr, and every kroner typed goes
 * through parseKr or krToOre, so no view divides by 100 itself. (Lint: a field whose source ends in
 * `Ore` must be shown with KrField; see eslint.config.mjs.)
 */

const whole = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });
const withOre = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** øre → `1 997 kr`, or `1 497,50 kr` when there are øre; `–` for none. Norwegian grouping (a space). */
export function formatKr(ore: number | null | undefined): string {
  if (ore === null || ore === undefined || !Number.isFinite(ore)) return '–';
  const n = Math.round(ore);
  return `${(n % 100 === 0 ? whole : withOre).format(n / 100)} kr`;
}

/** øre → kroner as a number, for a form's kroner field. */
export function oreToKr(ore: number): number {
  return ore / 100;
}

/** Kroner from a form's number field → whole øre. */
export function krToOre(kr: number): number {
  return Math.round(kr * 100);
}

/** Kroner typed by the mentor (`500`, `1 497,50`, `499.5 kr`) → øre, or null when it is not a valid amount. */
export function parseKr(input: string): number | null {
  const s = input
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/kr$/i, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return krToOre(Number(s));
}
