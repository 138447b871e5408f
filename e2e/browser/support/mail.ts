import { linkIn, type SmtpSink, type SunkMail } from '../../api/support/smtp-sink';

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
