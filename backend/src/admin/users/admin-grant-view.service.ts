import { Injectable } from '@nestjs/common';
import type { AdminGrant } from '@academy/contracts';
import { AccessRecordsService } from '../../access/access-records.service';
import type { Grant } from '../../access/entities/grant.entity';
import { MentorshipService } from '../../mentorship/mentorship.service';
import { toAdminGrant } from '../common/mappers';

/** Grants as the admin panel shows them: each with its mentorship period and the grant that included it. */
@Injectable()
export class AdminGrantViewService {
  constructor(
    private readonly mentorship: MentorshipService,
    private readonly access: AccessRecordsService,
  ) {}

  /** Grants as the panel shows them, with each one's mentorship period worked out. */
  async adminGrants(grants: Grant[]): Promise<AdminGrant[]> {
    const [ends, parents] = await Promise.all([this.mentorship.endsOf(grants), this.access.includingCourses(grants)]);
    return grants.map((g) => toAdminGrant(g, ends.get(g.id) ?? null, parents.get(g.id) ?? null));
  }

  /** One grant as the panel shows it. */
  async adminGrant(grant: Grant): Promise<AdminGrant> {
    return (await this.adminGrants([grant]))[0];
  }
}
