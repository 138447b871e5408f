import type { FastifyReply } from 'fastify';
import { MAIL_COLOURS } from '../outbox/mail-format';
import { parseEnv } from '../platform/config/env.schema';
import { ConsentController } from './consent.controller';
import { confirmMail } from './marketing-mail';
import type { MarketingConsentService } from './marketing-consent.service';

/** The blue the opt-in mail and page used while the site is green (issue 22). */
const OLD_BLUE = '#2563eb';
const brand = { siteName: 'Trading Akademiet', contactEmail: 'hjelp@example.no', publicUrl: 'https://www.example.no' };

describe('the marketing opt-in in the site colours', () => {
  it('the confirmation mail button is the site green with white text', () => {
    const { html } = confirmMail(brand, { confirmUrl: 'https://www.example.no/api/marketing/confirm?sig=x' });
    const style = /<a href="[^"]*" style="(display:inline-block[^"]*)"/.exec(html)?.[1];
    expect(style).toContain(`background:${MAIL_COLOURS.button}`);
    expect(style).toContain(`color:${MAIL_COLOURS.buttonText}`);
    expect(html).not.toContain(OLD_BLUE);
  });

  it('the opt-in page has a green button and links in the site link colour', async () => {
    const cfg = parseEnv({ NODE_ENV: 'test' } as NodeJS.ProcessEnv);
    const row = { email: 'kari@example.no', status: 'pending', consentAt: new Date() };
    const subscribers = { checkConfirmLink: () => Promise.resolve(row) } as unknown as MarketingConsentService;
    let html = '';
    const reply = {
      headers: () => reply,
      status: () => reply,
      header: () => reply,
      send: (body: string) => {
        html = body;
        return reply;
      },
    } as unknown as FastifyReply;
    await new ConsentController(subscribers, cfg).show({ sig: 'x' }, reply);
    expect(html).toContain('Bekreft påmeldingen');
    expect(html).toMatch(new RegExp(`button\\{[^}]*background:${MAIL_COLOURS.button};color:${MAIL_COLOURS.buttonText}`));
    expect(html).toContain(`a{color:${MAIL_COLOURS.link}}`);
    expect(html).not.toMatch(new RegExp(`(background|color):${OLD_BLUE}`));
  });
});
