import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { isCheckoutCourseId, type Attribution } from '../contracts';
import { normalizeEmail } from '../common/crypto/tokens';
import { attributionColumns } from '../common/dto/attribution.dto';
import { User } from '../users/entities/user.entity';
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
  constructor(
    @InjectRepository(Lead) private readonly leads: Repository<Lead>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /** Stores a lead. Repeated submissions are stored too: each is a touchpoint. */
  async record(input: LeadInput): Promise<Lead> {
    const email = normalizeEmail(input.email);
    const lead = this.leads.create({
      email,
      courseType: input.courseType,
      source: input.source.slice(0, 200),
      attribution: attributionColumns(input.attribution),
      userId: input.userId ?? null,
      contacted: false,
      note: null,
      unsubscribedAt: null,
      createdAt: new Date(),
    });
    // One statement: the account of this address, if any, is looked up inside the insert.
    const res = await this.leads
      .createQueryBuilder()
      .insert()
      .into(Lead)
      .values({ ...lead, userId: input.userId ?? (() => '(SELECT u.id FROM users u WHERE u.email = :leadEmail)') })
      .setParameter('leadEmail', email)
      .updateEntity(false)
      .execute();
    lead.id = Number(res.identifiers[0]?.id ?? res.raw?.insertId ?? res.raw);
    return lead;
  }

  /** Links earlier leads of this address to a new account. */
  async linkToUser(email: string, userId: number): Promise<void> {
    await this.leads.update({ email: normalizeEmail(email), userId: IsNull() }, { userId });
  }
}
