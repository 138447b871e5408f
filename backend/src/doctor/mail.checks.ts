import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import { createTransport } from 'nodemailer';
import { check, reason, type Check, type DnsLookup, type DoctorContext } from './check';

/** The address part of MAIL_FROM (`Navn <post@example.no>` or `post@example.no`). */
export function mailFromDomain(from: string): string | null {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  const at = address.lastIndexOf('@');
  return at > 0 ? address.slice(at + 1).toLowerCase() : null;
}

const txt = async (dns: DnsLookup, name: string): Promise<string[]> => {
  try {
    return (await dns.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch {
    return [];
  }
};

const ipv4ToInt = (ip: string) => ip.split('.').reduce((n, p) => (n << 8) + Number(p), 0) >>> 0;
function inCidr(ip: string, cidr: string): boolean {
  const [net, bits = '32'] = cidr.split('/');
  if (isIP(net) !== 4 || isIP(ip) !== 4) return false;
  const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0;
  return (ipv4ToInt(ip) & mask) === (ipv4ToInt(net) & mask);
}

/**
 * Whether the SPF record of `domain` lets `ips` send: its ip4, a, mx, include and redirect terms
 * followed (at most 10 lookups, as RFC 7208 allows). IPv6 terms are not evaluated.
 */
async function spfAllows(dns: DnsLookup, domain: string, ips: string[], budget = { lookups: 10 }): Promise<boolean> {
  const record = (await txt(dns, domain)).find((r) => /^v=spf1(\s|$)/i.test(r));
  if (!record) return false;
  for (const term of record.split(/\s+/).slice(1)) {
    const t = term.replace(/^[+?~]/, '');
    if (term.startsWith('-')) continue;
    const [mech, arg] = t.includes(':')
      ? [t.slice(0, t.indexOf(':')), t.slice(t.indexOf(':') + 1)]
      : t.includes('=')
        ? t.split('=')
        : [t, ''];
    const name = mech.toLowerCase();
    if (name === 'ip4' && ips.some((ip) => inCidr(ip, arg))) return true;
    if (['a', 'mx', 'include', 'redirect'].includes(name)) {
      if (budget.lookups-- <= 0) return false;
      const target = (arg || domain).split('/')[0];
      if (name === 'include' || name === 'redirect') {
        if (await spfAllows(dns, target, ips, budget)) return true;
      } else {
        const hosts = name === 'mx' ? (await dns.resolveMx(target).catch(() => [])).map((m) => m.exchange) : [target];
        for (const h of hosts) if ((await dns.resolve4(h).catch(() => [])).some((ip) => ips.includes(ip))) return true;
      }
    }
  }
  return false;
}

/**
 * E-mail (docs/decisions.md "Going live"): SMTP answers and takes the login (nodemailer's verify());
 * for MAIL_FROM's domain SPF lets the SMTP server send, DMARC exists, and the DKIM record at
 * <selector>._domainkey matches DKIM_PRIVATE_KEY's public half; Postmark's webhook login is set
 * when the mail goes through Postmark (bounces come back by its webhook).
 */
export async function mailChecks(ctx: DoctorContext): Promise<Check[]> {
  const { cfg } = ctx;
  if (cfg.mailDisabled) return [check('mail', 'smtp', 'off', 'E-post er slått av (MAIL_DISABLED=true): ingen e-post går ut.')];
  if (!cfg.smtpUrl) return [check('mail', 'smtp', 'off', 'SMTP_URL er ikke satt: e-post skrives bare i loggen.')];
  const out: Check[] = [];
  const smtp = new URL(cfg.smtpUrl);
  const transport = createTransport({
    url: cfg.smtpUrl,
    connectionTimeout: ctx.timeoutMs,
    greetingTimeout: ctx.timeoutMs,
    socketTimeout: ctx.timeoutMs,
  } as Parameters<typeof createTransport>[0]);
  try {
    await transport.verify();
    out.push(check('mail', 'smtp', 'ok', `SMTP-serveren ${smtp.hostname} svarer og godtar innloggingen.`));
  } catch (e) {
    out.push(
      check(
        'mail',
        'smtp',
        'error',
        `SMTP-serveren ${smtp.hostname} svarte ikke som den skal (${reason(e)}): sjekk SMTP_URL (vert, port, bruker og passord).`,
      ),
    );
  } finally {
    transport.close();
  }

  const domain = mailFromDomain(cfg.mailFrom);
  if (!domain)
    return [
      ...out,
      check(
        'mail',
        'spf',
        'error',
        `MAIL_FROM (${cfg.mailFrom}) har ingen e-postadresse: sett den til f.eks. «Akademiet <post@example.no>».`,
      ),
    ];
  const ips = isIP(smtp.hostname) ? [smtp.hostname] : await ctx.dns.resolve4(smtp.hostname).catch(() => []);
  const spf = (await txt(ctx.dns, domain)).some((r) => /^v=spf1(\s|$)/i.test(r));
  if (!spf)
    out.push(
      check(
        'mail',
        'spf',
        'error',
        `${domain} har ingen SPF-post: legg inn TXT-posten «v=spf1 include:<e-postleverandøren> ~all» i DNS.`,
      ),
    );
  else if (!ips.length || !(await spfAllows(ctx.dns, domain, ips)))
    out.push(
      check(
        'mail',
        'spf',
        'warning',
        `SPF-posten for ${domain} ser ikke ut til å gi ${smtp.hostname} lov til å sende: legg til leverandørens include i SPF-posten.`,
      ),
    );
  else out.push(check('mail', 'spf', 'ok', `SPF for ${domain} gir ${smtp.hostname} lov til å sende.`));

  const dmarc = (await txt(ctx.dns, `_dmarc.${domain}`)).some((r) => /^v=DMARC1(;|\s|$)/i.test(r));
  out.push(
    dmarc
      ? check('mail', 'dmarc', 'ok', `${domain} har en DMARC-post.`)
      : check(
          'mail',
          'dmarc',
          'error',
          `${domain} har ingen DMARC-post: legg inn TXT-posten «v=DMARC1; p=none» på _dmarc.${domain}.`,
        ),
  );

  out.push(await dkimCheck(ctx));
  out.push(postmarkCheck(ctx, smtp.hostname));
  return out;
}

async function dkimCheck(ctx: DoctorContext): Promise<Check> {
  const dkim = ctx.cfg.dkim;
  if (!dkim)
    return check(
      'mail',
      'dkim',
      'off',
      'DKIM-signering er ikke satt opp her (DKIM_*): det holder hvis e-postleverandøren signerer for domenet.',
    );
  const name = `${dkim.keySelector}._domainkey.${dkim.domainName}`;
  const records = await txt(ctx.dns, name);
  const published = records.map((r) => /(?:^|;)\s*p=([^;]*)/.exec(r)?.[1]?.replace(/\s+/g, '')).find((p) => p !== undefined);
  if (published === undefined)
    return check(
      'mail',
      'dkim',
      'error',
      `Ingen DKIM-post på ${name}: legg inn den offentlige nøkkelen til DKIM_PRIVATE_KEY som TXT-post der.`,
    );
  const ours = createPublicKey(dkim.privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  if (published !== ours)
    return check(
      'mail',
      'dkim',
      'error',
      `DKIM-posten på ${name} passer ikke til DKIM_PRIVATE_KEY: publiser den offentlige nøkkelen til denne nøkkelen, eller rett DKIM_SELECTOR.`,
    );
  return check('mail', 'dkim', 'ok', `DKIM-posten på ${name} passer til DKIM_PRIVATE_KEY.`);
}

function postmarkCheck(ctx: DoctorContext, host: string): Check {
  const viaPostmark = /(^|\.)postmarkapp\.com$/i.test(host);
  if (ctx.cfg.postmarkWebhook)
    return check(
      'mail',
      'bounces',
      'ok',
      `Postmark-webhooken har innlogging (POSTMARK_WEBHOOK_USER ${ctx.cfg.postmarkWebhook.user}).`,
    );
  if (viaPostmark)
    return check(
      'mail',
      'bounces',
      'error',
      'E-posten går via Postmark, men POSTMARK_WEBHOOK_USER og POSTMARK_WEBHOOK_PASSWORD mangler: sett dem, ellers kommer ikke avvisninger tilbake.',
    );
  return check('mail', 'bounces', 'off', 'Postmark brukes ikke: avvisninger meldes ikke tilbake til siden.');
}
