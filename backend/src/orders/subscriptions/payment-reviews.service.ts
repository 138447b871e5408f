import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { AdminPaymentReview, PaymentReviewReason } from '@academy/contracts';
import type { User } from '../../identity/entities/user.entity';
import { UserReader } from '../../identity/user-reader.service';
import { AuditService } from '../../platform/audit/audit.service';
import { Clock } from '../../platform/time/clock';
import { PaymentReview } from '../entities/payment-review.entity';
import type { Subscription } from '../entities/subscription.entity';

/** The currency every renewal is agreed in (the VIP price is in NOK at both providers). */
export const RENEWAL_CURRENCY = 'NOK';

export interface PaymentReviewInput {
  provider: 'stripe' | 'vipps';
  reference: string;
  reason: PaymentReviewReason;
  providerSubscriptionId: string | null;
  sub: Pick<Subscription, 'id' | 'userId' | 'priceOre'> | null;
  amountOre: number | null;
  currency: string;
}

const PROVIDER = { stripe: 'Stripe', vipps: 'Vipps' } as const;
const NOK = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** «1 997,00 kr», as the receipts and mails write amounts. */
function formatNok(ore: number): string {
  return `${NOK.format(ore / 100)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\u2212/g, '-')} kr`;
}

function amountText(ore: number | null, currency: string | null): string {
  if (ore === null) return 'et ukjent beløp';
  return currency && currency !== RENEWAL_CURRENCY ? `${(ore / 100).toFixed(2)} ${currency}` : formatNok(ore);
}

/** What came in, what was agreed, and what the mentor can do, as the work queue shows it. */
export function reviewText(r: Omit<PaymentReview, 'id' | 'createdAt' | 'resolvedAt' | 'resolvedBy' | 'userId'>): string {
  const came = `${PROVIDER[r.provider]} meldte en betaling på ${amountText(r.amountOre, r.currency)} (${r.reference})`;
  const what =
    r.reason === 'unknown_subscription'
      ? `for abonnementet ${r.providerSubscriptionId ?? '(uten abonnement)'}, som butikken ikke har opprettet`
      : r.reason === 'unknown_charge'
        ? `for et trekk butikken ikke har opprettet på avtalen ${r.providerSubscriptionId ?? ''}`.trim()
        : `for abonnement ${r.subscriptionId ?? '?'}, der avtalt pris er ${amountText(r.expectedOre, r.expectedCurrency)}`;
  const provider = PROVIDER[r.provider];
  return (
    `${came} ${what}. Ingenting er fornyet. ` +
    `Refunder betalingen i ${provider}, eller gi medlemskapet for hånd under Brukere hvis betalingen skal gjelde; ` +
    `merk den så som behandlet.`
  );
}

/**
 * Renewal payments the shop could not match (docs/decisions.md "Automatic renewal"): recorded once
 * per payment in the event's transaction, counted in the work queue, listed for the mentor, and
 * marked handled by the mentor (audited).
 */
@Injectable()
export class PaymentReviewsService {
  private readonly logger = new Logger('PaymentReviews');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly users: UserReader,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Records the payment (once per provider and reference); answers whether it was new. */
  async record(m: EntityManager, input: PaymentReviewInput): Promise<boolean> {
    const repo = m.getRepository(PaymentReview);
    if (await repo.exists({ where: { provider: input.provider, reference: input.reference } })) return false;
    await repo.insert({
      provider: input.provider,
      reference: input.reference.slice(0, 255),
      reason: input.reason,
      providerSubscriptionId: input.providerSubscriptionId?.slice(0, 255) ?? null,
      subscriptionId: input.sub?.id ?? null,
      userId: input.sub?.userId ?? null,
      amountOre: input.amountOre,
      currency: (input.currency || RENEWAL_CURRENCY).toUpperCase().slice(0, 3),
      expectedOre: input.sub ? input.sub.priceOre : null,
      expectedCurrency: input.sub ? RENEWAL_CURRENCY : null,
      resolvedAt: null,
      resolvedBy: null,
      createdAt: this.clock.now(),
    });
    this.logger.warn(
      {
        provider: input.provider,
        reference: input.reference,
        reason: input.reason,
        subscriptionId: input.sub?.id ?? null,
        amountOre: input.amountOre,
        currency: input.currency,
      },
      'Renewal payment not matched; waits for the mentor',
    );
    return true;
  }

  countOpen(): Promise<number> {
    return this.ds.getRepository(PaymentReview).countBy({ resolvedAt: IsNull() });
  }

  async listOpen(): Promise<AdminPaymentReview[]> {
    const rows = await this.ds
      .getRepository(PaymentReview)
      .find({ where: { resolvedAt: IsNull() }, order: { id: 'DESC' }, take: 100 });
    return Promise.all(rows.map((r) => this.toAdmin(r)));
  }

  /** Marks a payment handled (the mentor refunded it or granted by hand); null when there is none. */
  async resolve(id: number, actor: User): Promise<AdminPaymentReview | null> {
    const row = await this.ds.transaction(async (m) => {
      const repo = m.getRepository(PaymentReview);
      const before = await repo.findOneBy({ id });
      if (!before) return null;
      if (before.resolvedAt) return before;
      const resolvedAt = this.clock.now();
      const res = await repo.update({ id, resolvedAt: IsNull() }, { resolvedAt, resolvedBy: actor.id });
      if (res.affected)
        await this.audit.record(m, actor, {
          action: 'payment_review.resolve',
          entity: 'payment_review',
          entityId: id,
          before: { reference: before.reference, resolvedAt: null },
          after: { reference: before.reference, resolvedAt: resolvedAt.toISOString() },
        });
      return { ...before, resolvedAt, resolvedBy: actor.id };
    });
    return row ? this.toAdmin(row) : null;
  }

  private async toAdmin(r: PaymentReview): Promise<AdminPaymentReview> {
    const user = r.userId ? await this.users.findById(r.userId) : null;
    return {
      id: r.id,
      provider: r.provider,
      reference: r.reference,
      reason: r.reason,
      providerSubscriptionId: r.providerSubscriptionId,
      subscriptionId: r.subscriptionId,
      email: user?.email ?? null,
      amountOre: r.amountOre,
      currency: r.currency,
      expectedOre: r.expectedOre,
      expectedCurrency: r.expectedCurrency,
      createdAt: new Date(r.createdAt).toISOString(),
      text: reviewText(r),
    };
  }
}
