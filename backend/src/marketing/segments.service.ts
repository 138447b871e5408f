import { Injectable } from '@nestjs/common';
import type { Segment } from '@academy/contracts';
import { MSG } from '@academy/contracts';
import { AccessRecordsService } from '../access/access-records.service';
import { UserRecordsService } from '../identity/user-records.service';
import { badRequest } from '../platform/errors/app-error';
import { osloDayEnd, osloDayStart } from '../platform/time/oslo-time';
import { SubscribersService } from './subscribers.service';

export interface Recipient {
  email: string;
  userId: number | null;
}

/**
 * Who a segment reaches: always only `subscribed` and `customer` addresses, then narrowed by
 * audience (leads / students / all), variant, courses owned and not owned, and sign-up dates.
 */
@Injectable()
export class SegmentsService {
  constructor(
    private readonly subscribers: SubscribersService,
    private readonly access: AccessRecordsService,
    private readonly users: UserRecordsService,
  ) {}

  async resolve(segment: Segment): Promise<Recipient[]> {
    const from = segment.from ? osloDayStart(segment.from) : null;
    const to = segment.to ? osloDayEnd(segment.to) : null;
    if ((segment.from && !from) || (segment.to && !to)) throw badRequest(MSG.segmentInvalid('ukjent dato'), 'VALIDATION_FAILED');
    if (from && to && from >= to) throw badRequest(MSG.segmentInvalid('fra-datoen må være før til-datoen'), 'VALIDATION_FAILED');
    const subs = await this.subscribers.marketable();
    const missing = subs.filter((s) => s.userId === null).map((s) => s.email);
    const ids = missing.length ? await this.users.idsByEmail(missing) : new Map<string, number>();
    const userOf = (s: { email: string; userId: number | null }) => s.userId ?? ids.get(s.email) ?? null;
    const userIds = [...new Set(subs.map(userOf).filter((x): x is number => x !== null))];
    const owned = new Map<number, Set<string>>();
    for (let i = 0; i < userIds.length; i += 500)
      for (const g of await this.access.activeGrantsOf(userIds.slice(i, i + 500))) {
        if (!owned.has(g.userId)) owned.set(g.userId, new Set());
        owned.get(g.userId)!.add(g.courseId);
      }
    const out: Recipient[] = [];
    for (const s of subs) {
      const userId = userOf(s);
      const courses = (userId !== null && owned.get(userId)) || new Set<string>();
      const isStudent = courses.size > 0;
      if (segment.audience === 'leads' && !s.isLead) continue;
      if (segment.audience === 'students' && !isStudent) continue;
      if (segment.variants?.length && !segment.variants.some((v) => s.variants.includes(`,${v},`))) continue;
      if (segment.owns?.length && !segment.owns.every((c) => courses.has(c))) continue;
      if (segment.notOwns?.length && segment.notOwns.some((c) => courses.has(c))) continue;
      if (from && s.createdAt < from) continue;
      if (to && s.createdAt >= to) continue;
      out.push({ email: s.email, userId });
    }
    return out;
  }
}
