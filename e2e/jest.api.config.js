/** API suites: the whole AppModule on a real database (SQLite, or MySQL when TEST_DATABASE_URL is set). */
module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/e2e/api'],
  testMatch: ['**/*.e2e-spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/contracts/src/index.ts' },
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/e2e/tsconfig.json', diagnostics: false }] },
  testTimeout: 30000,
  maxWorkers: process.env.CI ? 2 : '50%',
};
