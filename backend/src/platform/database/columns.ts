import { Column, ColumnOptions } from 'typeorm';

/** A UTC timestamp with millisecond precision, the same in MySQL and SQLite. */
export function DateTimeColumn(options: Omit<ColumnOptions, 'type'> = {}): PropertyDecorator {
  return Column({ type: 'datetime', precision: 3, ...options });
}

/** JSON kept as text, portable between MySQL and SQLite. */
export function JsonColumn(options: Omit<ColumnOptions, 'type'> = {}): PropertyDecorator {
  return Column({ type: 'simple-json', ...options });
}

export const UTM_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent'] as const;
