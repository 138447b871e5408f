import { Injectable, type OnModuleInit } from '@nestjs/common';
import { UsersService } from '../identity/users.service';
import { LeadsService } from '../leads/leads.service';

/**
 * Lets a lead find the account of its address (a lead of someone who already has an account is
 * linked to it). Leads may not read identity's users (module graph); the account module sees both
 * and connects them at start-up, as it does for the checkout's first touch.
 */
@Injectable()
export class LeadAccountLink implements OnModuleInit {
  constructor(
    private readonly users: UsersService,
    private readonly leads: LeadsService,
  ) {}

  onModuleInit(): void {
    this.leads.useAccountLookup(async (email) => (await this.users.findByEmail(email))?.id ?? null);
  }
}
