import { Initial1795283004018 } from './1795283004018-Initial';
import { OrderSignInAndPaymentIntentIndex1795283215378 } from './1795283215378-OrderSignInAndPaymentIntentIndex';
import { OutboxDedupeKey1795283306463 } from './1795283306463-OutboxDedupeKey';
import { UserClaimedAt1795400000000 } from './1795400000000-UserClaimedAt';
import { TwoFactorAndSessionAuthTime1795400100000 } from './1795400100000-TwoFactorAndSessionAuthTime';
import { EmailNormalisedBinary1795400200000 } from './1795400200000-EmailNormalisedBinary';

/** Every migration, oldest first. */
export const SQLITE_MIGRATIONS: Function[] = [
  Initial1795283004018,
  OrderSignInAndPaymentIntentIndex1795283215378,
  OutboxDedupeKey1795283306463,
  UserClaimedAt1795400000000,
  TwoFactorAndSessionAuthTime1795400100000,
  EmailNormalisedBinary1795400200000,
];
