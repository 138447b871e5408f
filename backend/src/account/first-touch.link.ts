import { Injectable, type OnModuleInit } from '@nestjs/common';
import { LeadsService } from '../leads/leads.service';
import { FirstTouchService } from '../orders/first-touch.service';

/**
 * Lets the checkout find a buyer's first touch among the leads (DECISIONS "Attribution": the lead's
 * first touch wins when an existing lead later buys). Orders may not import leads; the account module
 * sees both and connects them at start-up.
 */
@Injectable()
export class FirstTouchLink implements OnModuleInit {
  constructor(
    private readonly firstTouch: FirstTouchService,
    private readonly leads: LeadsService,
  ) {}

  onModuleInit(): void {
    this.firstTouch.useLeadLookup((email) => this.leads.firstTouchOf(email));
  }
}
