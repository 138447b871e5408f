import { Injectable, type ScopeOptions } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AccountExport } from '@academy/contracts';

/**
 * Whose data: the account's id and its (normalised) address. Rows keyed by the address (leads,
 * e-mails, marketing) belong to the person as much as rows keyed by the id.
 */
export interface DataSubject {
  readonly userId: number;
  readonly email: string;
}

/** The sections of the account export (GET /api/account/export) an owner answers. */
export type ExportSections = Partial<Omit<AccountExport, 'exportedAt'>>;

/**
 * A module's part of the privacy rights the privacy page promises: what it stores about a person,
 * exported and erased by the module that stores it. The account module asks every owner, knows none
 * by name, and runs every erasure in one transaction (`m`), so it commits whole or not at all.
 */
export interface PersonalDataOwner {
  /** The owner's sections of the export (the keys it declares in `sections`), read with `m`. */
  exportFor(subject: DataSubject, m: EntityManager): Promise<ExportSections>;
  /**
   * Removes (or anonymises) the person's rows inside the erasure's transaction `m`, at `now`;
   * answers what it did as counts, recorded in the erasure's audit row.
   */
  eraseFor(subject: DataSubject, m: EntityManager, now: Date): Promise<Record<string, number>>;
  /** After the erasure committed: what lives outside the database (files). Never called on a rollback. */
  afterErasure?(userId: number): Promise<void>;
}

export interface PersonalDataOwnerMeta {
  /** A short name for logs and the coverage spec. */
  name: string;
  /** The export sections it answers (each key of AccountExport has exactly one owner). */
  sections: ReadonlyArray<keyof Omit<AccountExport, 'exportedAt'>>;
  /**
   * The tables holding personal data it exports and erases (by table name). The coverage spec fails
   * when a table with a column referencing a user is covered by no owner.
   */
  tables: readonly string[];
  /**
   * Where its erasure runs, lowest first (foreign keys: rows that point at others go before them;
   * the user row goes in the middle, tables without a foreign key to it after). See ERASURE_ORDER.
   */
  eraseOrder: number;
}

export const PERSONAL_DATA_OWNER = Symbol('PERSONAL_DATA_OWNER');

/**
 * The order of the erasure's steps, in one place. The user row goes with identity; the tables after
 * it hold no foreign key to it, or one that cascades. The audit trail goes last, so the rows the
 * other steps wrote before are anonymised too.
 */
export const ERASURE_ORDER = {
  orders: 10,
  subscriptions: 15,
  access: 20,
  quizAttempts: 25,
  vippsLogin: 28,
  identity: 30,
  leads: 40,
  outbox: 50,
  marketing: 60,
  certificates: 70,
  live: 80,
  questions: 90,
  mentorThreads: 100,
  discord: 110,
  partners: 120,
  audit: 1000,
} as const;

/**
 * Declares a provider as a {@link PersonalDataOwner}, found at start-up by the personal-data registry
 * (as `@OnEvent` handlers are found by the event bus and `@MetricGauges` by the metrics registry).
 * Also marks the class `@Injectable()`.
 */
export function OwnsPersonalData(meta: PersonalDataOwnerMeta, options?: ScopeOptions): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(PERSONAL_DATA_OWNER, meta, target);
    Injectable(options)(target);
  };
}
