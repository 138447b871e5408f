/**
 * Unit specs beside the code. Each file is transpiled on its own by SWC (no type check:
 * `npm run typecheck` does that), with legacy decorators and their metadata for Nest testing modules.
 */
module.exports = {
  rootDir: 'src',
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/../../contracts/src/index.ts' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2023',
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
};
