// Lets bench/launch.mjs load the test suites' fakes (e2e/api/support/*.ts: fake Stripe, fake Vipps,
// the SMTP sink) as they are: each .ts file is transpiled on its own by SWC, as jest.transform.js does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transformSync } from '@swc/core';

const require = createRequire(import.meta.url);

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

/** A TypeScript module of the repository, by its path from bench/. */
export const requireTs = (path) => require(path);
