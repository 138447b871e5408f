import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { CrashPoints, SimulatedCrash } from '../../platform/events';
import { Clock } from '../../platform/time/clock';
import { FikenPosting } from '../entities/fiken-posting.entity';
import { FikenRoundLease } from '../entities/fiken-round-lease.entity';
import { Order } from '../entities/order.entity';
import { Receipt } from '../entities/receipt.entity';
import { documentFileName, receiptPdf } from '../receipts/receipt-pdf';
import { buyerOf } from '../receipts/receipts.service';
import { FikenClient, FikenError } from './fiken-client';
import { fikenPurchaseOf, purchaseIdentifier, type FikenPayoutSource } from './fiken-purchase';
import { fikenSaleOf } from './fiken-sale';

/** How long a lease holds a posting; a round's requests are well inside it. */
export const FIKEN_LEASE_MS = 5 * 60_000;
export const FIKEN_MAX_ATTEMPTS = 10;
const FIRST_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 3600_000;
const BATCH = 20;

/** The wait before attempt n+1 after n failed attempts: 1 min, 2, 4 … at most 6 h. */
export function fikenBackoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Posts waiting receipts and credit notes to Fiken in number order (docs/decisions.md "Fiken"). A round
 * first takes the one round lease (table fiken_round_lease), so only one instance talks to Fiken at a
 * time, as Fiken asks; each row is also taken by a conditional UPDATE (lease); the sale is
 * looked up by its sale number before it is created, so a process that died after creating it does not
 * book it twice; `fikenSaleId` set while still waiting means only the PDF is left to attach.
 */
@Injectable()
export class FikenPostingWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly workerId = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly logger = new Logger('Fiken');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  private payouts: FikenPayoutSource | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly client: FikenClient,
    private readonly clock: Clock,
    private readonly crash: CrashPoints,
  ) {}

  /** The partners module's payouts (posted as purchases). */
  usePayouts(source: FikenPayoutSource): void {
    this.payouts = source;
  }

  onApplicationBootstrap(): void {
    // Rounds every FIKEN_POLL_INTERVAL_MS (10 s): a due-row query on an index costs nothing, and a sale
    // reaches the books soon after it is made. The first round comes 5 s after the start, or sooner.
    if (this.cfg.fiken && process.env.NODE_ENV !== 'test') this.schedule(Math.min(5_000, this.cfg.fiken.pollIntervalMs));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((e: unknown) => this.logger.error(`The Fiken round failed: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => this.schedule(this.cfg.fiken?.pollIntervalMs ?? 10_000));
    }, ms);
    this.timer.unref();
  }

  /** One round: takes due postings and posts them one by one. Returns how many it took. */
  runOnce(): Promise<number> {
    this.running ??= this.round().finally(() => (this.running = null));
    return this.running;
  }

  private async round(): Promise<number> {
    if (!this.cfg.fiken) return 0;
    // Another instance is posting: this one waits for its next round.
    if (!(await this.takeRound())) return 0;
    try {
      return await this.postDue();
    } finally {
      await this.ds
        .createQueryBuilder()
        .update(FikenRoundLease)
        .set({ owner: null, until: null })
        .where('name = :n AND owner = :me', { n: 'fiken', me: this.workerId })
        .execute();
    }
  }

  /** Takes (or renews) the round lease; false when another instance holds it. */
  private async takeRound(): Promise<boolean> {
    const now = this.clock.now();
    const res = await this.ds
      .createQueryBuilder()
      .update(FikenRoundLease)
      .set({ owner: this.workerId, until: new Date(now.getTime() + FIKEN_LEASE_MS) })
      .where('name = :n AND (until IS NULL OR until < :now OR owner = :me)', { n: 'fiken', now, me: this.workerId })
      .execute();
    return !!res.affected;
  }

  private async postDue(): Promise<number> {
    const repo = this.ds.getRepository(FikenPosting);
    const now = this.clock.now();
    const due = await repo
      .createQueryBuilder('p')
      .innerJoin(Receipt, 'r', 'r.id = p.receiptId')
      .select(['p.id AS id'])
      .where('p.state = :w', { w: 'waiting' })
      .andWhere('p.nextAttemptAt <= :now', { now })
      .andWhere('(p.leaseUntil IS NULL OR p.leaseUntil < :now)', { now })
      .orderBy('r.number', 'ASC')
      .limit(BATCH)
      .getRawMany<{ id: number }>();
    // Partner payouts (purchases) after the sales, in the order they were paid out.
    const payouts = await repo
      .createQueryBuilder('p')
      .select(['p.id AS id'])
      .where('p.state = :w', { w: 'waiting' })
      .andWhere('p.payoutId IS NOT NULL')
      .andWhere('p.nextAttemptAt <= :now', { now })
      .andWhere('(p.leaseUntil IS NULL OR p.leaseUntil < :now)', { now })
      .orderBy('p.id', 'ASC')
      .limit(BATCH)
      .getRawMany<{ id: number }>();
    let taken = 0;
    for (const { id } of [...due, ...payouts]) {
      // Renewed before each posting, so a long round keeps it; lost (this instance stalled past it): stop.
      if (this.stopped || !(await this.takeRound())) break;
      const posting = await this.lease(Number(id));
      if (!posting) continue;
      taken++;
      try {
        await this.post(posting);
      } catch (e) {
        if (e instanceof SimulatedCrash) throw e;
        await this.failed(posting, e);
        // Fiken unreachable or busy: the rest waits for the next round.
        if (e instanceof FikenError && e.retryable) break;
      }
    }
    return taken;
  }

  /** The conditional update that takes a row; null when another instance has it. */
  private async lease(id: number): Promise<FikenPosting | null> {
    const now = this.clock.now();
    const res = await this.ds
      .createQueryBuilder()
      .update(FikenPosting)
      .set({ leaseOwner: this.workerId, leaseUntil: new Date(now.getTime() + FIKEN_LEASE_MS) })
      .where('id = :id AND state = :w AND nextAttemptAt <= :now AND (leaseUntil IS NULL OR leaseUntil < :now)', {
        id,
        w: 'waiting',
        now,
      })
      .execute();
    if (!res.affected) return null;
    return this.ds.getRepository(FikenPosting).findOneBy({ id, leaseOwner: this.workerId });
  }

  private async post(p: FikenPosting): Promise<void> {
    if (p.payoutId !== null) return this.postPurchase(p, p.payoutId);
    const receipt = await this.ds.getRepository(Receipt).findOneByOrFail({ id: p.receiptId! });
    const order = await this.ds.getRepository(Order).findOneBy({ id: receipt.orderId });
    let saleId = p.fikenSaleId;
    if (!saleId) {
      const sale = fikenSaleOf(receipt, order, this.cfg.fiken!);
      saleId = (await this.client.findSaleBySaleNumber(sale.saleNumber)) ?? (await this.client.createSale(sale));
      this.crash.reached('fiken.sale:after-create');
      await this.ds.getRepository(FikenPosting).update({ id: p.id }, { fikenSaleId: saleId, updatedAt: this.clock.now() });
      p.fikenSaleId = saleId;
    }
    const pdf = await receiptPdf(receipt, this.cfg.siteName, { buyer: buyerOf(order) });
    await this.client.attachPdf(saleId, documentFileName(receipt), pdf);
    await this.ds
      .getRepository(FikenPosting)
      .update(
        { id: p.id },
        { state: 'posted', lastError: null, leaseOwner: null, leaseUntil: null, updatedAt: this.clock.now() },
      );
    this.logger.log(
      `${receipt.kind === 'receipt' ? 'Receipt' : 'Credit note'} ${receipt.number} posted to Fiken as sale ${saleId}`,
    );
  }

  /**
   * A partner payout as a purchase (docs/decisions.md "Partners"): the partner's supplier contact is made
   * once and kept on the partner; the purchase is looked up by its identifier before it is created, so a
   * process that died after creating it does not book it twice.
   */
  private async postPurchase(p: FikenPosting, payoutId: number): Promise<void> {
    if (!this.payouts) throw new FikenError('Partnerutbetalingene er ikke koblet til Fiken-køen', true);
    const payout = await this.payouts.payout(payoutId);
    const { partner } = payout;
    let purchaseId = p.fikenSaleId;
    if (!purchaseId) {
      let contactId = partner.fikenContactId;
      if (!contactId) {
        // A partner erased at this payout has no name left: the contact is named by the partner's number.
        contactId = await this.client.createContact({
          name: (partner.name ?? `Partner ${partner.id}`).slice(0, 200),
          ...(partner.email ? { email: partner.email } : {}),
          supplier: true,
        });
        await this.payouts.keepContactId(partner.id, contactId);
      }
      purchaseId =
        (await this.client.findPurchase(payout.paidOn, purchaseIdentifier(payout.id))) ??
        (await this.client.createPurchase(fikenPurchaseOf(payout, contactId, this.cfg.fiken!)));
    }
    await this.ds.getRepository(FikenPosting).update(
      { id: p.id },
      {
        state: 'posted',
        fikenSaleId: purchaseId,
        lastError: null,
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: this.clock.now(),
      },
    );
    this.logger.log(`Partner payout ${payout.id} posted to Fiken as purchase ${purchaseId}`);
  }

  private async failed(p: FikenPosting, e: unknown): Promise<void> {
    const now = this.clock.now();
    const attempts = p.attempts + 1;
    const retryable = !(e instanceof FikenError) || e.retryable;
    const reason = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
    const giveUp = !retryable || attempts >= FIKEN_MAX_ATTEMPTS;
    const wait = Math.max(fikenBackoffMs(attempts), e instanceof FikenError ? (e.retryAfterMs ?? 0) : 0);
    await this.ds.getRepository(FikenPosting).update(
      { id: p.id },
      {
        attempts,
        lastError: reason,
        state: giveUp ? 'failed' : 'waiting',
        nextAttemptAt: giveUp ? now : new Date(now.getTime() + wait),
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: now,
      },
    );
    this.logger.warn(
      `Posting ${p.receiptId ?? `payout ${p.payoutId}`} to Fiken failed (attempt ${attempts}${giveUp ? ', given up' : ''}): ${reason}`,
    );
  }
}
