import { Initial1795283004018 } from './1795283004018-Initial';

/** Every migration, oldest first. */
export const SQLITE_MIGRATIONS: Function[] = [Initial1795283004018];
