/**
 * The suites that start the production build as processes: load (loopback only, bounded: the build on
 * MariaDB under many concurrent visitors) and Caddy's failover in front of two instances. One at a
 * time, so neither's timing is the other's noise. LOAD_SECONDS (default 20) and LOAD_VISITORS
 * (default 200) size the load run; `LOAD_SECONDS=60` is the full run.
 */
const seconds = Number(process.env.LOAD_SECONDS ?? 20);

module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/e2e/load'],
  testMatch: ['**/*.e2e-spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/contracts/src/index.ts' },
  transform: require('../jest.transform.js'),
  globalSetup: '<rootDir>/e2e/support/global-setup-sqlite.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  testTimeout: (seconds + 180) * 1000,
  maxWorkers: 1,
};
