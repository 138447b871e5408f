import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig, DkimConfig } from '../platform/config';

/** Messages the worker claims and sends at once (outbox.worker.ts), and the SMTP connections for them. */
export const OUTBOX_CHUNK = 5;

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/**
 * Where the outbox worker hands messages. `smtp` sends (signed with DKIM when DKIM_* is set); `log`
 * only writes them to the log (no SMTP_URL outside production, or MAIL_DISABLED).
 */
export interface MailTransport {
  readonly mode: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

class SmtpMailTransport implements MailTransport {
  readonly mode = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(url: string, dkim: DkimConfig | null) {
    this.transporter = createTransport({
      url,
      // DKIM_*: every message signed for the sending domain (nodemailer signs the whole message, body hash and headers).
      ...(dkim ? { dkim: { domainName: dkim.domainName, keySelector: dkim.keySelector, privateKey: dkim.privateKey } } : {}),
      // A few connections kept open and reused: the worker sends a chunk of messages at once, and a new
      // connection per message (TCP, greeting, EHLO, STARTTLS) held a broadcast to a few mails a second.
      pool: true,
      maxConnections: OUTBOX_CHUNK,
      // Well inside the worker's lock (5 min), so a hanging server never outlives the claim.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    } as Parameters<typeof createTransport>[0]);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ ...mail, disableFileAccess: true, disableUrlAccess: true });
  }

  close(): void {
    this.transporter.close();
  }
}

class LogMailTransport implements MailTransport {
  readonly mode = 'log' as const;
  async send(): Promise<void> {
    /* the worker writes the log line */
  }
  close(): void {}
}

export function createMailTransport(cfg: AppConfig): MailTransport {
  if (cfg.mailDisabled || !cfg.smtpUrl) return new LogMailTransport();
  return new SmtpMailTransport(cfg.smtpUrl, cfg.dkim);
}
