/**
 * API suites: the whole AppModule on a real database (SQLite, or MariaDB when TEST_DATABASE_URL is
 * set), each suite on its own copy of a database migrated once per run (globalSetup).
 */
module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/e2e/api'],
  testMatch: ['**/*.e2e-spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: {
    '^@academy/contracts$': '<rootDir>/contracts/src/index.ts',
    // The dialect question goes through a shim that notes who asked (e2e/api/support/dialect-trace.ts).
    '^(?:\\.{1,2}/)+(?:[\\w-]+/)*database/dialect$|^\\./dialect$': '<rootDir>/e2e/api/support/dialect-shim.ts',
  },
  transform: require('../jest.transform.js'),
  // The ES-module-only packages are transformed too (jest.transform.js).
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/e2e/api/support/dialect-trace.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
};
