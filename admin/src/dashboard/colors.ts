import type { StatsVariant } from '@academy/contracts';

export const VARIANT_COLORS: Record<StatsVariant, string> = {
  A: '#2e7d32',
  B: '#1565c0',
  C: '#6a1b9a',
  D: '#ef6c00',
  starter: '#00838f',
  ukjent: '#9e9e9e',
};
