import { OutboxWorker } from '../../../backend/src/outbox/outbox.worker';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { startTestApp, type TestApp } from './test-app';

/** What a mail suite drives: the app, the SMTP server it sends to, and the outbox worker. */
export interface MailApp {
  t: TestApp;
  sink: SmtpSink;
  worker: OutboxWorker;
}

/**
 * The mail suites' setup, registered in the calling `describe`: before all, an SMTP sink and the
 * app sending to it, with the worker driven by hand (`MAIL_POLL_INTERVAL_MS=0`: tests call
 * `worker.drain()`); after all, both closed; before each test the sink accepts again, answers at
 * once and forgets what it received. `env` adds to or overrides the app's environment (a function
 * when it depends on something an earlier `beforeAll` started); `started` hands the running pieces
 * to the suite.
 */
export function useMailApp(env: Record<string, string> | (() => Record<string, string>), started: (app: MailApp) => void): void {
  let sink: SmtpSink | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({
      SMTP_URL: sink.url,
      MAIL_POLL_INTERVAL_MS: '0',
      ...(typeof env === 'function' ? env() : env),
    });
    started({ t, sink, worker: t.app.get(OutboxWorker) });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  beforeEach(() => {
    sink?.setMode('accept');
    sink?.setDelay(0);
    sink?.clear();
  });
}

/** The token of a mailed link: in the fragment, which never reaches the server's logs. */
export function tokenOf(link: string): string {
  const url = new URL(link);
  expect(url.search).toBe('');
  return new URLSearchParams(url.hash.slice(1)).get('token')!;
}
