import { Initial1795283004018 } from './1795283004018-Initial';
import { OrderSignInAndPaymentIntentIndex1795283215378 } from './1795283215378-OrderSignInAndPaymentIntentIndex';
import { OutboxDedupeKey1795283306463 } from './1795283306463-OutboxDedupeKey';

/** Every migration, oldest first. */
export const SQLITE_MIGRATIONS: Function[] = [
  Initial1795283004018,
  OrderSignInAndPaymentIntentIndex1795283215378,
  OutboxDedupeKey1795283306463,
];
