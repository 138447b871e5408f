import { Initial1795283005229 } from './1795283005229-Initial';
import { OrderSignInAndPaymentIntentIndex1795283217414 } from './1795283217414-OrderSignInAndPaymentIntentIndex';
import { OutboxDedupeKey1795283308879 } from './1795283308879-OutboxDedupeKey';
import { UserClaimedAt1795400000000 } from './1795400000000-UserClaimedAt';
import { TwoFactorAndSessionAuthTime1795400100000 } from './1795400100000-TwoFactorAndSessionAuthTime';
import { EmailNormalisedBinary1795400200000 } from './1795400200000-EmailNormalisedBinary';

/** Every migration, oldest first. */
export const MYSQL_MIGRATIONS: Function[] = [
  Initial1795283005229,
  OrderSignInAndPaymentIntentIndex1795283217414,
  OutboxDedupeKey1795283308879,
  UserClaimedAt1795400000000,
  TwoFactorAndSessionAuthTime1795400100000,
  EmailNormalisedBinary1795400200000,
];
