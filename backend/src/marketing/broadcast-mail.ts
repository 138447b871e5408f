import type { AppConfig } from '../platform/config';
import type { Broadcast } from './entities/broadcast.entity';
import { marketingMail, type UtmTags } from './marketing-mail';

/** The UTM tags of a broadcast's links (none when the mentor turned them off). */
export function broadcastUtm(b: Pick<Broadcast, 'id' | 'utm'>): UtmTags | null {
  return b.utm ? { source: 'nyhetsbrev', medium: 'email', campaign: `utsendelse-${b.id}` } : null;
}

/** A broadcast as one recipient gets it: the site's layout, and the unsubscribe link of that address. */
export function broadcastMail(
  cfg: Pick<AppConfig, 'siteName' | 'contactEmail' | 'publicUrl'>,
  b: Pick<Broadcast, 'id' | 'utm' | 'subject' | 'body'>,
  unsubscribeUrl: string,
) {
  return marketingMail(
    { siteName: cfg.siteName, contactEmail: cfg.contactEmail, publicUrl: cfg.publicUrl },
    { subject: b.subject, body: b.body, unsubscribeUrl, utm: broadcastUtm(b) },
  );
}
