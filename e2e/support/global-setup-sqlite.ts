import { makeTemplates } from './templates';

/**
 * jest globalSetup of the load stage: the migrated SQLite template only, so each production instance
 * a suite starts on its own SQLite file (startServer) begins as a copy with nothing to migrate.
 */
export default () => makeTemplates({ sqliteOnly: true });
