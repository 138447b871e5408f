/**
 * Unit specs beside the code. Each file is transpiled on its own (`isolatedModules`, no type
 * check: `npm run typecheck` does that), which keeps decorator metadata for Nest testing modules.
 */
module.exports = {
  rootDir: 'src',
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/../../contracts/src/index.ts' },
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.spec.json', diagnostics: false }] },
};
