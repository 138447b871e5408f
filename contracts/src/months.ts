/** The months in Norwegian, lower case as they are written inside a sentence ("3. mars 2026"). */
export const NORWEGIAN_MONTHS = [
  'januar',
  'februar',
  'mars',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'desember',
] as const;
