/** API suites: the whole AppModule on a real database (SQLite, or MySQL when TEST_DATABASE_URL is set). */
module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/e2e/api'],
  testMatch: ['**/*.e2e-spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/contracts/src/index.ts' },
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/e2e/tsconfig.json', diagnostics: false }] },
  // Generous: a suite's app start (47 migrations on a fresh database) once took over 30 s on a busy CI machine.
  testTimeout: 60000,
  maxWorkers: process.env.CI ? 2 : '50%',
};
