/** Browser journeys: the production build served by node, driven by Playwright in Debian's Chromium. */
module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/e2e/browser'],
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/contracts/src/index.ts' },
  transform: require('../jest.transform.js'),
  // Migrate once: every suite's database is a copy of a migrated template.
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  testTimeout: 60000,
  setupFilesAfterEnv: ['<rootDir>/e2e/browser/support/retry.ts'],
  // Two at a time: each suite has its own server, database and browser; this halves the stage's time.
  maxWorkers: 2,
};
