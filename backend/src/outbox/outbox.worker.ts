import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { In, LessThan, LessThanOrEqual, Not, Repository, type FindOptionsWhere } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { BackgroundTasks } from './background-tasks';
import { OutboxBody } from './entities/outbox-body.entity';
import { OutboxMessage } from './entities/outbox-message.entity';
import { MAIL_TRANSPORT, MailTransport, OUTBOX_CHUNK } from './mail-transport';
import { EventBus } from '../platform/events';
import { MARKETING_GATE, MARKETING_MAIL_KINDS, type MarketingGate } from './marketing-gate';
import { UnsubscribeService } from './unsubscribe.service';

/** How long a claim holds a message; SMTP timeouts are well inside it. */
export const OUTBOX_LOCK_MS = 5 * 60_000;
/** Due messages looked at per round: transactional ones first, marketing fills the rest. */
export const OUTBOX_BATCH = 40;
// OUTBOX_CHUNK (mail-transport.ts): messages claimed by one statement and sent at once, over as many
// SMTP connections. Small, so two instances polling together each claim their own chunks.
const MAX_BACKOFF_MS = 6 * 3600_000;
/** Kinds that carry an unsubscribe link (and a List-Unsubscribe header). */
// A checkout reminder is marketing too (docs/decisions.md "Checkout reminders"), gated by its own basis when queued.
const UNSUBSCRIBABLE = new Set(['welcome', 'broadcast_test', 'checkout_reminder', ...MARKETING_MAIL_KINDS]);
const MARKETING = [...MARKETING_MAIL_KINDS, 'checkout_reminder'];
/** lastError of a marketing mail not sent because the address may no longer get marketing. */
export const NOT_MARKETABLE = 'Ikke sendt: adressen er avmeldt eller kan ikke lenger få markedsføring';

/**
 * Sends what the outbox holds. Each instance runs one; a message is sent only by the worker whose
 * conditional UPDATE (pending → sending, or a lapsed claim) changed the row, so two instances
 * never send the same message. Failures are retried with exponential backoff, then marked failed.
 * Transactional mail (receipts, sign-in links) goes before marketing: a broadcast of 50 000 never
 * holds a receipt back (docs/decisions.md "Transactional mail before marketing"). A round that
 * found work is followed by another at once, so a backlog is sent as fast as SMTP takes it.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly workerId: string;
  private readonly logger = new Logger('Mail');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private rerun = false;
  private stopped = false;
  /** The last round found due messages but another instance claimed them all first. */
  private lostRace = false;

  constructor(
    @InjectRepository(OutboxMessage) private readonly outbox: Repository<OutboxMessage>,
    @InjectRepository(OutboxBody) private readonly bodies: Repository<OutboxBody>,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly unsubscribe: UnsubscribeService,
    private readonly tasks: BackgroundTasks,
    @Inject(MARKETING_GATE) private readonly marketing: MarketingGate,
    private readonly events: EventBus,
  ) {
    this.workerId = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  }

  onApplicationBootstrap(): void {
    if (this.transport.mode === 'log') {
      this.logger.log(
        this.cfg.mailDisabled
          ? 'Mail is turned off (MAIL_DISABLED): messages are stored and logged, not sent'
          : 'SMTP_URL is not set: mail is stored and written to the log instead of being sent',
      );
    }
    if (this.cfg.mailPollIntervalMs > 0) this.schedule(this.cfg.mailPollIntervalMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Stops polling, lets the current round and pending background work finish, closes the transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.tasks.settled();
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  /** Asks for a round soon (after a new message), instead of at the next poll. */
  kick(delayMs = 25): void {
    if (this.stopped || this.cfg.mailPollIntervalMs === 0) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.schedule(delayMs);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      let busy = false;
      void this.runOnce()
        .then((claimed) => (busy = claimed > 0 || this.lostRace))
        .catch((e: unknown) => this.logger.error(`The mail round failed: ${errorText(e)}`))
        .finally(() => {
          const again = this.rerun || busy;
          this.rerun = false;
          // After a round that found work, the next at once (another instance's claims: a moment later).
          this.schedule(again ? (this.lostRace ? 25 + Math.floor(Math.random() * 50) : 0) : this.cfg.mailPollIntervalMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** One round: claims due messages and delivers them. Returns how many this worker claimed. */
  runOnce(): Promise<number> {
    this.running ??= this.round().finally(() => (this.running = null));
    return this.running;
  }

  /** Until nothing is due: for tests, and for an orderly stop. Waits for background work first. */
  async drain(maxRounds = 50): Promise<void> {
    for (let i = 0; i < maxRounds; i++) {
      await this.tasks.settled();
      if ((await this.runOnce()) === 0 && !(await this.hasDue())) return;
    }
  }

  /**
   * Up to OUTBOX_BATCH due messages whose body is written (a message queued outside a transaction
   * gets its body a moment after its row): the transactional ones first, then marketing.
   */
  private async dueIds(): Promise<Array<{ id: number; lapsed: boolean }>> {
    const now = new Date();
    // Pending and lapsed apart, each in the order of idx_outbox_due and stopping at `take`: one
    // statement with both (an OR) read every due row to sort them, a broadcast's whole queued minute
    // (6 000 rows) on each claim (bench:launch's slow-query log, docs/performance.md).
    const pick = async (marketing: boolean, take: number) => {
      const kind = marketing ? In(MARKETING) : Not(In(MARKETING));
      const find = (where: FindOptionsWhere<OutboxMessage>) =>
        this.outbox.find({
          select: { id: true, status: true, nextAttemptAt: true },
          where,
          order: { nextAttemptAt: 'ASC', id: 'ASC' },
          take,
          loadEagerRelations: false,
        });
      const [pending, lapsed] = await Promise.all([
        find({ status: 'pending', nextAttemptAt: LessThanOrEqual(now), kind }),
        find({ status: 'sending', lockedUntil: LessThan(now), kind }),
      ]);
      return [...pending, ...lapsed]
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id)
        .slice(0, take);
    };
    const due = await pick(false, OUTBOX_BATCH);
    if (due.length < OUTBOX_BATCH) due.push(...(await pick(true, OUTBOX_BATCH - due.length)));
    if (due.length === 0) return [];
    const written = await this.bodies.find({ select: { messageId: true }, where: { messageId: In(due.map((d) => d.id)) } });
    const ready = new Set(written.map((b) => b.messageId));
    return due.filter((d) => ready.has(d.id)).map((d) => ({ id: d.id, lapsed: d.status === 'sending' }));
  }

  private async hasDue(): Promise<boolean> {
    return (await this.dueIds()).length > 0;
  }

  /** Claims the due messages a chunk at a time and sends each chunk's at once, in the order found. */
  private async round(): Promise<number> {
    const due = await this.dueIds();
    let claimed = 0;
    for (let i = 0; i < due.length && !this.stopped; i += OUTBOX_CHUNK) {
      const mine = await this.claim(due.slice(i, i + OUTBOX_CHUNK));
      claimed += mine.length;
      await Promise.all(mine.map((msg) => this.deliver(msg)));
    }
    this.lostRace = due.length > 0 && claimed === 0;
    return claimed;
  }

  /**
   * The claim: one conditional UPDATE for the chunk's pending messages (and one for lapsed claims);
   * only the rows this worker changed are its own. Rounds of one worker never overlap, and each
   * delivery clears `lockedBy`, so the rows locked by this worker are exactly those just claimed.
   */
  private async claim(chunk: Array<{ id: number; lapsed: boolean }>): Promise<OutboxMessage[]> {
    const now = new Date();
    const lock = {
      status: 'sending' as const,
      lockedBy: this.workerId,
      lockedUntil: new Date(now.getTime() + OUTBOX_LOCK_MS),
      attempts: () => 'attempts + 1',
    };
    const fresh = chunk.filter((d) => !d.lapsed).map((d) => d.id);
    const lapsed = chunk.filter((d) => d.lapsed).map((d) => d.id);
    let n = 0;
    if (fresh.length > 0)
      n +=
        (await this.outbox.update({ id: In(fresh), status: 'pending', nextAttemptAt: LessThanOrEqual(now) }, lock)).affected ?? 0;
    if (lapsed.length > 0)
      n += (await this.outbox.update({ id: In(lapsed), status: 'sending', lockedUntil: LessThan(now) }, lock)).affected ?? 0;
    if (n === 0) return [];
    // With their bodies (the one read of `outbox_bodies` per delivery), in the order they were found.
    const rows = await this.outbox.find({
      where: { id: In(chunk.map((d) => d.id)), status: 'sending', lockedBy: this.workerId },
      relations: { body: true },
    });
    const order = new Map(chunk.map((d, i) => [d.id, i]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  private async deliver(msg: OutboxMessage): Promise<void> {
    if (!msg.body) {
      await this.finish(msg, { status: 'failed', lastError: 'Innholdet i e-posten mangler' });
      return;
    }
    if (msg.attempts > this.cfg.mailMaxAttempts) {
      await this.finish(msg, { status: 'failed', lastError: msg.lastError ?? 'Ga opp etter for mange forsøk' });
      return;
    }
    // Marketing goes only to an address that may still get it (it may have unsubscribed since it was queued).
    if (MARKETING_MAIL_KINDS.has(msg.kind) && !(await this.marketing.mayReceive(msg.toAddress))) {
      await this.finish(msg, { status: 'failed', lastError: NOT_MARKETABLE });
      return;
    }
    const headers: Record<string, string> = {};
    if (UNSUBSCRIBABLE.has(msg.kind)) {
      // RFC 2369: the https link, and for marketing also a mailto to the privacy mailbox.
      const link = `<${this.unsubscribe.url(msg.toAddress)}>`;
      headers['List-Unsubscribe'] = msg.kind === 'welcome' ? link : `${link}, <${this.unsubscribe.mailto(msg.toAddress)}>`;
      // RFC 8058: the provider may unsubscribe with one POST to that link (no page to open).
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    try {
      if (this.transport.mode === 'log') {
        this.logMessage(msg);
      } else {
        await this.transport.send({
          from: this.cfg.mailFrom,
          to: msg.toAddress,
          replyTo: this.cfg.contactEmail,
          subject: msg.subject,
          html: msg.html,
          text: msg.textBody,
          headers: { 'X-Outbox-Id': String(msg.id), ...headers },
        });
      }
    } catch (e) {
      const permanent = isRecipientRejected(e);
      const giveUp = permanent || msg.attempts >= this.cfg.mailMaxAttempts;
      const lastError = errorText(e).slice(0, 1000);
      if (giveUp) {
        this.logger.error(
          `Mail ${msg.id} (${msg.kind}) to ${msg.toAddress} not sent after ${msg.attempts} attempts: ${lastError}`,
        );
        await this.finish(msg, { status: 'failed', lastError });
        if (permanent) await this.events.emit('mail.bounced', { email: msg.toAddress });
      } else {
        const delay = this.backoffMs(msg.attempts);
        this.logger.warn(
          `Mail ${msg.id} failed (attempt ${msg.attempts}), retrying in ${Math.round(delay / 1000)} s: ${lastError}`,
        );
        await this.finish(msg, { status: 'pending', lastError, nextAttemptAt: new Date(Date.now() + delay) });
      }
      return;
    }
    await this.finish(msg, { status: this.transport.mode === 'log' ? 'logged' : 'sent', sentAt: new Date(), lastError: null });
  }

  /** Delay before attempt n+1: base · 2^(n−1), at most 6 hours, plus up to 10 % jitter. */
  backoffMs(attempts: number): number {
    const base = this.cfg.mailRetryBaseSeconds * 1000 * 2 ** Math.max(0, attempts - 1);
    const capped = Math.min(base, MAX_BACKOFF_MS);
    return Math.round(capped * (1 + Math.random() * 0.1));
  }

  private async finish(
    msg: OutboxMessage,
    patch: Pick<Partial<OutboxMessage>, 'status' | 'lastError' | 'nextAttemptAt' | 'sentAt'>,
  ): Promise<void> {
    const res = await this.outbox.update(
      { id: msg.id, status: 'sending', lockedBy: this.workerId },
      { ...patch, lockedBy: null, lockedUntil: null },
    );
    if (res.affected !== 1) this.logger.warn(`Mail ${msg.id}: the claim expired before sending finished`);
  }

  private logMessage(msg: OutboxMessage): void {
    // In production (MAIL_DISABLED) only the envelope: bodies hold one-time sign-in links.
    const body = this.cfg.nodeEnv === 'production' ? '' : `\n${msg.textBody}`;
    this.logger.log(`Mail ${msg.id} (${msg.kind}) to ${msg.toAddress}: "${msg.subject}" (not sent, only logged)${body}`);
  }
}

function errorText(e: unknown): string {
  if (e instanceof Error) {
    const r = (e as { response?: unknown }).response;
    return typeof r === 'string' && !e.message.includes(r) ? `${e.message} (${r})` : e.message;
  }
  return String(e);
}

/** The server refused the recipient for good (5xx on RCPT): trying again will not help. */
function isRecipientRejected(e: unknown): boolean {
  const o = e as { code?: unknown; responseCode?: unknown };
  return o?.code === 'EENVELOPE' && typeof o.responseCode === 'number' && o.responseCode >= 500;
}
