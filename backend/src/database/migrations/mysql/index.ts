import { Initial1795283005229 } from './1795283005229-Initial';

/** Every migration, oldest first. */
export const MYSQL_MIGRATIONS: Function[] = [Initial1795283005229];
