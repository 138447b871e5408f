/** Browser journeys: the production build served by node, driven by Playwright in Debian's Chromium. */
module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/e2e/browser'],
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/contracts/src/index.ts' },
  transform: require('../jest.transform.js'),
  // Migrate once (every suite's database is a copy of a migrated template); one Chromium per worker.
  globalSetup: '<rootDir>/e2e/browser/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/browser/support/global-teardown.ts',
  testTimeout: 60000,
  setupFilesAfterEnv: ['<rootDir>/e2e/browser/support/retry.ts'],
  // Four at a time: a suite waits on its server and browser more than it computes (two at a time kept
  // the two cores about 40 % busy); each has its own server and database, and its worker's Chromium.
  maxWorkers: 4,
};
