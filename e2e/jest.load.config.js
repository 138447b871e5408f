/**
 * Load (loopback only, bounded): the production build on MariaDB under many concurrent visitors.
 * LOAD_SECONDS (default 20) and LOAD_VISITORS (default 200) size the run; `LOAD_SECONDS=60` is the full run.
 */
const seconds = Number(process.env.LOAD_SECONDS ?? 20);

module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/e2e/load'],
  testMatch: ['**/*.e2e-spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/contracts/src/index.ts' },
  transform: require('../jest.transform.js'),
  testTimeout: (seconds + 180) * 1000,
  maxWorkers: 1,
};
