import { Subscriber } from '../../../backend/src/marketing/entities/subscriber.entity';
import type { TestApp } from './test-app';

/** The form of the double opt-in page: where it posts and its hidden fields (null when the page has none). */
export function confirmForm(html: string): { action: string; fields: Record<string, string> } | null {
  const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(html);
  if (!form) return null;
  const unescape = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]] = unescape(m[2]);
  return { action: unescape(form[1]), fields };
}

/** The path and query of a mailed link (or of a path). */
export function pathOf(link: string): string {
  const url = new URL(link, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/**
 * Uses a confirmation link as a person does: opens it (GET: a page with the button "Bekreft påmeldingen";
 * checked here to have confirmed nothing), then presses the button (the form's POST). `link` is the
 * mailed URL or its path. Answers the thank-you page.
 */
export async function confirmByLink(t: TestApp, link: string): Promise<{ status: number; text: string }> {
  const page = await t.http().get(pathOf(link)).expect(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  const form = confirmForm(page.text);
  if (!form) {
    // An address that confirmed already gets the thank-you page at once.
    expect(page.text).toContain('Takk, du er påmeldt!');
    return page;
  }
  expect(page.text).toContain('<button type="submit">Bekreft påmeldingen</button>');
  expect(page.text).not.toContain('Takk, du er påmeldt!');
  expect(Object.keys(form.fields).sort()).toEqual(['email', 'sig', 't']);
  // Opening the link (what a mail scanner does too) confirmed nothing.
  const row = await t.ds.getRepository(Subscriber).findOneByOrFail({ email: form.fields.email });
  expect(row.status).not.toBe('subscribed');
  const done = await t.http().post(form.action).type('form').send(form.fields).expect(200);
  expect(done.headers['content-type']).toMatch(/^text\/html/);
  expect(done.text).toContain('Takk, du er påmeldt!');
  return done;
}
