import { Inject, Injectable } from '@nestjs/common';
import type { Attribution } from '@academy/contracts';
import type { User } from '../../identity/entities/user.entity';

/**
 * The first touch of an address's earliest lead, or null. Orders declare what they need; leads sit
 * beside orders, so the account module (which sees both) provides it (account/account-ports.module.ts).
 */
export const LEAD_FIRST_TOUCH = Symbol('LEAD_FIRST_TOUCH');

export interface LeadFirstTouch {
  firstTouchOf(email: string): Promise<Attribution | null>;
}

function present(a: Partial<Record<keyof Attribution, string | null>> | null | undefined): Attribution | null {
  if (!a) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(a)) if (typeof v === 'string' && v) out[k] = v;
  return Object.keys(out).length ? (out as Attribution) : null;
}

/**
 * One attribution per person (docs/decisions.md "Attribution"): the order stores the same first touch as the
 * buyer's lead and account. The account's own attribution wins (it was taken from the person's first
 * lead when the account was made); without one, the first touch of the address's earliest lead; only
 * for someone the site has never seen, the first touch the browser sent with this checkout.
 *
 */
@Injectable()
export class FirstTouchService {
  constructor(@Inject(LEAD_FIRST_TOUCH) private readonly leads: LeadFirstTouch) {}

  async forBuyer(
    email: string,
    account: Pick<User, 'attribution'> | null,
    sent: Attribution | null | undefined,
  ): Promise<Attribution | null> {
    const own = present(account?.attribution);
    if (own) return own;
    const lead = present(await this.leads.firstTouchOf(email));
    return lead ?? present(sent);
  }
}
