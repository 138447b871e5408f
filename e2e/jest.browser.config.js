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
  // Two at a time, each with its own server and database and its worker's Chromium. Four at a time
  // was no faster on two cores (13.0 min against 12.3): the browsers' rendering keeps both busy.
  maxWorkers: 2,
};
