import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../platform/config';
import {
  CONTACT_EMAIL_PLACEHOLDER,
  DEFAULT_STUDENT_COUNT_THRESHOLD,
  SELLER_PLACEHOLDER,
  orgNrText,
  type PaymentMethod,
  type SellerInfo,
  type SiteSettings,
} from '@academy/contracts';
import { Setting } from './entities/setting.entity';
import {
  DEFAULT_OVERLAY_TEXT,
  SETTING_MENTOR_BOOKING_URL,
  SETTING_OVERLAY_TEXT,
  SETTING_STUDENT_COUNT_THRESHOLD,
} from './catalog.seed';

/** Site settings for the pages: configuration plus what the mentor edits in the admin panel. */
@Injectable()
export class SiteSettingsService {
  private overlayText: string | null = null;
  private overlayLoadedAt = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectRepository(Setting) private readonly settings: Repository<Setting>,
  ) {}

  get demoPayments(): boolean {
    return !this.cfg.stripeSecretKey && this.cfg.nodeEnv !== 'production';
  }

  /** What the checkout offers: card and Klarna with Stripe, Vipps with Vipps keys; every method in demo mode. */
  get paymentMethods(): PaymentMethod[] {
    const stripe = !!this.cfg.stripeSecretKey || this.demoPayments;
    const out: PaymentMethod[] = [];
    if (stripe) out.push('card');
    if (this.cfg.vipps || this.demoPayments) out.push('vipps');
    if (stripe) out.push('klarna');
    return out;
  }

  async getOverlayText(): Promise<string> {
    if (this.overlayText === null || Date.now() - this.overlayLoadedAt > 30_000) {
      const row = await this.settings.findOneBy({ key: SETTING_OVERLAY_TEXT });
      this.overlayText = row?.value ?? DEFAULT_OVERLAY_TEXT;
      this.overlayLoadedAt = Date.now();
    }
    return this.overlayText;
  }

  /** The stored overlay text, read afresh (null when the mentor has never saved one). */
  async storedOverlayText(m?: EntityManager): Promise<string | null> {
    const row = await (m ? m.getRepository(Setting) : this.settings).findOneBy({ key: SETTING_OVERLAY_TEXT });
    return row ? row.value : null;
  }

  /** Stores the overlay text inside the caller's transaction; call {@link setOverlayText} after it commits. */
  async saveOverlayText(value: string, m: EntityManager): Promise<void> {
    await m.getRepository(Setting).save({ key: SETTING_OVERLAY_TEXT, value, updatedAt: new Date() });
  }

  async setOverlayText(value: string): Promise<void> {
    await this.settings.save({ key: SETTING_OVERLAY_TEXT, value, updatedAt: new Date() });
    this.overlayText = value;
    this.overlayLoadedAt = Date.now();
  }

  /** The mentor's booking link for mentorship students, or null (they write to the contact mailbox). */
  async mentorBookingUrl(m?: EntityManager): Promise<string | null> {
    const row = await (m ? m.getRepository(Setting) : this.settings).findOneBy({ key: SETTING_MENTOR_BOOKING_URL });
    return row && row.value.trim() ? row.value : null;
  }

  /** Stores (or with null removes) the booking link inside the caller's transaction. */
  async saveMentorBookingUrl(value: string | null, m: EntityManager): Promise<void> {
    const repo = m.getRepository(Setting);
    if (value === null) await repo.delete({ key: SETTING_MENTOR_BOOKING_URL });
    else await repo.save({ key: SETTING_MENTOR_BOOKING_URL, value, updatedAt: new Date() });
  }

  /** From how many students the pages show the count: the mentor's setting, else 20. */
  async studentCountThreshold(m?: EntityManager): Promise<number> {
    const row = await (m ? m.getRepository(Setting) : this.settings).findOneBy({ key: SETTING_STUDENT_COUNT_THRESHOLD });
    const n = row ? Number(row.value) : NaN;
    return Number.isSafeInteger(n) && n >= 0 ? n : DEFAULT_STUDENT_COUNT_THRESHOLD;
  }

  /** Stores the threshold inside the caller's transaction (the catalogue is rebuilt after it commits). */
  async saveStudentCountThreshold(value: number, m: EntityManager): Promise<void> {
    await m.getRepository(Setting).save({ key: SETTING_STUDENT_COUNT_THRESHOLD, value: String(value), updatedAt: new Date() });
  }

  /** The seller (SELLER_*), as the footer, the legal pages and receipts name it. */
  get seller(): SellerInfo {
    const { name, orgNr, address, vatRegistered } = this.cfg.seller;
    return { name, orgNr, orgNrText: orgNrText(orgNr, vatRegistered), address, vatRegistered };
  }

  /** The contact mailbox (the fallback for reaching the mentor). */
  get contactEmail(): string {
    return this.cfg.contactEmail;
  }

  /** Outside production: the settings still at their placeholder (the pages show a "Testmiljø" banner). */
  get testEnvironment(): { missing: string[] } | null {
    if (this.cfg.nodeEnv === 'production') return null;
    const { name, orgNr, address } = this.cfg.seller;
    const missing = [
      ...(name === SELLER_PLACEHOLDER.name ? ['SELLER_NAME'] : []),
      ...(orgNr === SELLER_PLACEHOLDER.orgNr ? ['SELLER_ORG_NR'] : []),
      ...(address === SELLER_PLACEHOLDER.address ? ['SELLER_ADDRESS'] : []),
      ...(this.cfg.contactEmail === CONTACT_EMAIL_PLACEHOLDER ? ['CONTACT_EMAIL'] : []),
    ];
    return missing.length ? { missing } : null;
  }

  async get(): Promise<SiteSettings> {
    return {
      siteName: this.cfg.siteName,
      mentorName: this.cfg.mentorName,
      mentorSlug: this.cfg.mentorSlug,
      contactEmail: this.cfg.contactEmail,
      privacyEmail: this.cfg.privacyEmail,
      communityUrl: this.cfg.communityUrl,
      gaMeasurementId: this.cfg.gaMeasurementId,
      publicUrl: this.cfg.publicUrl,
      videoOverlayText: await this.getOverlayText(),
      demoPayments: this.demoPayments,
      paymentMethods: this.paymentMethods,
      vippsLogin: this.cfg.vippsLogin !== null,
      seller: this.seller,
      testEnvironment: this.testEnvironment,
    };
  }
}
