/** Browser journeys: the production build served by node, driven by Playwright in Debian's Chromium. */
module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/e2e/browser'],
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/contracts/src/index.ts' },
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/e2e/tsconfig.json', diagnostics: false }] },
  testTimeout: 60000,
  setupFilesAfterEnv: ['<rootDir>/e2e/browser/support/retry.ts'],
  // Two at a time: each suite has its own server, database and browser; this halves the stage's time.
  maxWorkers: 2,
};
