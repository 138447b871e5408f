import { CONTACT_EMAIL_PLACEHOLDER } from '@academy/contracts';

/**
 * A mailbox as a mailto link. A test environment's placeholder (CONTACT_EMAIL not set) is never shown
 * as if it were a real address: the text says it is not set up.
 */
export function MailLink({ address }: { address: string }) {
  if (address === CONTACT_EMAIL_PLACEHOLDER)
    return <span data-placeholder="true">kontaktadressen (ikke satt opp i testmiljøet)</span>;
  return <a href={`mailto:${address}`}>{address}</a>;
}
