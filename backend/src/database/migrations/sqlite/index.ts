import { Initial1795283004018 } from './1795283004018-Initial';
import { OrderSignInAndPaymentIntentIndex1795283215378 } from './1795283215378-OrderSignInAndPaymentIntentIndex';

/** Every migration, oldest first. */
export const SQLITE_MIGRATIONS: Function[] = [Initial1795283004018, OrderSignInAndPaymentIntentIndex1795283215378];
