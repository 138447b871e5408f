import type { Browser } from 'playwright-core';
import { linkIn, startSmtpSink, type SmtpSink, type SunkMail } from '../../api/support/smtp-sink';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface MailSetup {
  sink: SmtpSink;
  server: RunningServer;
  browser: Browser;
}

/** A local SMTP sink, the server mailing to it (outbox polled every 200 ms) and the browser. */
export async function startWithMail(env: Record<string, string> = {}): Promise<MailSetup> {
  const sink = await startSmtpSink();
  try {
    const [server, browser] = await Promise.all([
      startServer({ SMTP_URL: sink.url, MAIL_POLL_INTERVAL_MS: '200', ...env }),
      launchBrowser(),
    ]);
    return { sink, server, browser };
  } catch (e) {
    await sink.close();
    throw e;
  }
}

/** Stops what `startWithMail` started (any part may be missing when it failed). */
export async function stopWithMail(setup: Partial<MailSetup>): Promise<void> {
  await setup.browser?.close();
  await setup.server?.stop();
  await setup.sink?.close();
}

export const isWelcome = (email: string) => (m: SunkMail) => m.to.includes(email) && m.subject.startsWith('Velkommen');

/** The one-time sign-in link of the welcome mail to `email`. */
export async function welcomeLink(sink: SmtpSink, baseUrl: string, email: string): Promise<string> {
  const mail = await sink.waitFor(isWelcome(email), 15_000);
  return linkIn(mail.text, `${baseUrl}/auto-login`);
}

/** The token of a mailed link (in the fragment; older links carried it in the query). */
export function tokenOf(link: string): string {
  const u = new URL(link);
  const token = new URLSearchParams(u.hash.slice(1)).get('token') ?? u.searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
