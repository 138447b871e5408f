/**
 * «Driftsstatus»: the doctor's checks of the site and every integration (npm run doctor, GET
 * /api/admin/status). Each answers ok, warning or error with one Norwegian sentence saying what to
 * do; what is not set up is "off".
 */
export const STATUS_AREAS = ['site', 'stripe', 'vipps', 'discord', 'mux', 'fiken', 'mail', 'backups', 'queues'] as const;
export type StatusArea = (typeof STATUS_AREAS)[number];

export type CheckStatus = 'ok' | 'warning' | 'error' | 'off';

/** The areas as the panel names them. */
export const STATUS_AREA_LABELS: Record<StatusArea, string> = {
  site: 'Nettstedet',
  stripe: 'Stripe',
  vipps: 'Vipps',
  discord: 'Discord',
  mux: 'Mux',
  fiken: 'Fiken',
  mail: 'E-post',
  backups: 'Sikkerhetskopier',
  queues: 'Køer',
};

export const CHECK_STATUS_LABELS: Record<CheckStatus, string> = {
  ok: 'OK',
  warning: 'Advarsel',
  error: 'Feil',
  off: 'Av',
};

export interface StatusCheck {
  /** Stable id, `<area>.<what>` (e.g. `stripe.webhook`). */
  id: string;
  area: StatusArea;
  status: CheckStatus;
  /**
   * One Norwegian sentence for whoever runs the server (`npm run doctor` prints it; the panel shows it
   * under «Detaljer»): what is right, or what to do. Never a whole secret (at most its last 4 characters).
   */
  message: string;
  /** The same for the mentor, in plain words (the panel's «Driftsstatus» adds it). */
  plain?: StatusPlain;
}

/** Who puts it right: the mentor (in the panel or a provider's own pages), whoever runs the server, or the provider. */
export type StatusFixer = 'mentor' | 'operator' | 'provider';

export const STATUS_FIXER_LABELS: Record<StatusFixer, string> = {
  mentor: 'Du',
  operator: 'Driftsansvarlig',
  provider: 'Leverandøren',
};

/** A check in plain words: what is checked, what it means for the academy, and (when something is wrong) who fixes it and how. */
export interface StatusPlain {
  /** What is checked («Kortbetaling», «Siste sikkerhetskopi»). */
  what: string;
  meaning: string;
  who: StatusFixer | null;
  how: string | null;
}

/** GET /api/admin/status and POST /api/admin/status/run. */
export interface StatusReport {
  /** When the checks ran (ISO); null: never on this instance yet. */
  ranAt: string | null;
  /** The instance that ran them (the id its /api/health answers). */
  instance: string;
  checks: StatusCheck[];
}
