import { MAIL_COLOURS } from '../outbox/mail-format';
import { welcomeMail } from './templates/messages';

/** The blue the mails used while the site is green (issue 22). */
const OLD_BLUE = '#2563eb';
const brand = { siteName: 'Trading Akademiet', contactEmail: 'hjelp@example.no', publicUrl: 'https://www.example.no' };

describe('the site colours in mail', () => {
  it('are the storefront tokens: the green of its buttons and its link colour', () => {
    expect(MAIL_COLOURS).toEqual({ button: '#0f7d58', buttonText: '#ffffff', link: '#0b5fb3' });
  });

  it('mail buttons are the site green with white text', () => {
    const { html } = welcomeMail(brand, {
      signInUrl: 'https://www.example.no/auto-login#token=t',
      courseUrl: 'https://www.example.no/course/starter',
      unsubscribeUrl: 'https://www.example.no/api/unsubscribe?sig=x',
    });
    const style = /<a href="[^"]*" style="(display:inline-block[^"]*)"/.exec(html)?.[1];
    expect(style).toContain(`background:${MAIL_COLOURS.button}`);
    expect(style).toContain(`color:${MAIL_COLOURS.buttonText}`);
    expect(html).not.toContain(OLD_BLUE);
  });
});
