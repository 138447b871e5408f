/**
 * The one TypeScript transform of every jest config (unit, API, browser, load): each file is
 * transpiled on its own by SWC, with legacy decorators and their metadata for Nest and TypeORM.
 * No type check here: `npm run typecheck` does that once.
 */
module.exports = {
  // openid-client and what it builds on (oauth4webapi, jose) ship only ES modules: jest's module system
  // needs them as CommonJS (each jest config that loads the backend lets them through in its transformIgnorePatterns).
  '^.+/node_modules/(openid-client|oauth4webapi|jose)/.+\\.js$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2023' }, module: { type: 'commonjs' } },
  ],
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
