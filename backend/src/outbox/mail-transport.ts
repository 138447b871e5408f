import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../platform/config';

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
 * Where the outbox worker hands messages. `smtp` sends; `log` only writes them to the log
 * (no SMTP_URL outside production, or MAIL_DISABLED).
 */
export interface MailTransport {
  readonly mode: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

class SmtpMailTransport implements MailTransport {
  readonly mode = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(url: string) {
    this.transporter = createTransport({
      url,
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
  return new SmtpMailTransport(cfg.smtpUrl);
}
