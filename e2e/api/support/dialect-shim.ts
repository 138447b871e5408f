import { join } from 'node:path';
import type * as Dialect from '../../../backend/src/platform/database/dialect';
import { noteDialectQuestion } from './dialect-trace';

/**
 * The API suites load this in place of backend/src/platform/database/dialect.ts (moduleNameMapper in
 * e2e/jest.api.config.js): the same functions, each noting the site that asked when the dialect
 * trace is on (e2e/api/support/dialect-trace.ts).
 */
// The real module by its file name, which the mapper's pattern (an import without extension) leaves alone.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const real = require(join(__dirname, '..', '..', '..', 'backend', 'src', 'platform', 'database', 'dialect.ts')) as typeof Dialect;

export const isMysql: typeof Dialect.isMysql = (ds) => {
  noteDialectQuestion();
  return real.isMysql(ds);
};
