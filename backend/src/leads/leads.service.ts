import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { isMysql } from '../platform/database/dialect';
import { insertPrepared } from '../platform/database/prepared';
import { isCheckoutCourseId, type Attribution } from '@academy/contracts';
import { normalizeEmail } from '../platform/crypto/tokens';
import { attributionColumns } from '../platform/dto/attribution.dto';
import { Lead } from './entities/lead.entity';

export interface LeadInput {
  email: string;
  courseType: string;
  source: string;
  attribution?: Attribution | null;
  userId?: number | null;
}

/** Where the lead form sends the visitor next (SPEC §4 and §7). */
export function leadDestination(courseType: string, email: string): string {
  const e = encodeURIComponent(email);
  return isCheckoutCourseId(courseType) ? `/bestill?course=${courseType}&email=${e}` : `/course/starter?email=${e}`;
}

@Injectable()
export class LeadsService {
  private insert?: { sql: string; columns: ColumnMetadata[] };

  constructor(
    @InjectRepository(Lead) private readonly leads: Repository<Lead>,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /**
   * The lead INSERT, built once from the entity's metadata: every column but the id, with the
   * account of the address looked up inside the statement when the caller does not know it.
   * The form is the busiest write of the site; TypeORM's query builder would rebuild this text
   * for every lead.
   */
  private insertStatement(): { sql: string; columns: ColumnMetadata[] } {
    if (this.insert) return this.insert;
    const meta = this.ds.getMetadata(Lead);
    const q = (name: string) => (isMysql(this.ds) ? `\`${name}\`` : `"${name}"`);
    // Embedded attribution columns have no prefix: every property name is a column of its own.
    const columns = meta.columns.filter((c) => !c.isGenerated);
    const values = columns.map((c) =>
      c.propertyName === 'userId' ? `COALESCE(?, (SELECT u.${q('id')} FROM ${q('users')} u WHERE u.${q('email')} = ?))` : '?',
    );
    const sql = `INSERT INTO ${q(meta.tableName)} (${columns.map((c) => q(c.databaseName)).join(', ')}) VALUES (${values.join(', ')})`;
    return (this.insert = { sql, columns });
  }

  /** Stores a lead. Repeated submissions are stored too: each is a touchpoint. */
  async record(input: LeadInput): Promise<Lead> {
    const email = normalizeEmail(input.email);
    const attribution = attributionColumns(input.attribution);
    const lead: Lead = {
      id: 0,
      email,
      courseType: input.courseType,
      source: input.source.slice(0, 200),
      attribution,
      userId: input.userId ?? null,
      contacted: false,
      note: null,
      unsubscribedAt: null,
      createdAt: new Date(),
    };
    // One statement: the account of this address, if any, is looked up inside the insert.
    const { sql, columns } = this.insertStatement();
    const flat: Record<string, unknown> = { ...lead, ...attribution };
    const params: unknown[] = [];
    for (const c of columns) {
      params.push(this.ds.driver.preparePersistentValue(flat[c.propertyName], c));
      if (c.propertyName === 'userId') params.push(email);
    }
    lead.id = await insertPrepared(this.ds, sql, params);
    return lead;
  }

  /** Links earlier leads of this address to a new account. */
  /** Marks every lead of a normalised address as unsubscribed (once; a second time changes nothing). */
  async unsubscribe(email: string): Promise<number> {
    const res = await this.leads.update({ email, unsubscribedAt: IsNull() }, { unsubscribedAt: new Date() });
    return res.affected ?? 0;
  }

  async linkToUser(email: string, userId: number): Promise<void> {
    await this.leads.update({ email: normalizeEmail(email), userId: IsNull() }, { userId });
  }
}
