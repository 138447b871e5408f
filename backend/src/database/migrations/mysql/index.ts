import { Initial1795283005229 } from './1795283005229-Initial';
import { OrderSignInAndPaymentIntentIndex1795283217414 } from './1795283217414-OrderSignInAndPaymentIntentIndex';
import { OutboxDedupeKey1795283308879 } from './1795283308879-OutboxDedupeKey';

/** Every migration, oldest first. */
export const MYSQL_MIGRATIONS: Function[] = [
  Initial1795283005229,
  OrderSignInAndPaymentIntentIndex1795283217414,
  OutboxDedupeKey1795283308879,
];
