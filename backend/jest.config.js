/** Unit specs beside the code. */
module.exports = {
  rootDir: 'src',
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.json', diagnostics: false }] },
};
