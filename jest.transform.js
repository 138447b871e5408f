/**
 * The one TypeScript transform of every jest config (unit, API, browser, load): each file is
 * transpiled on its own by SWC, with legacy decorators and their metadata for Nest and TypeORM.
 * No type check here: `npm run typecheck` does that once.
 */
module.exports = {
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
};
