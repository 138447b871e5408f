/** Unit specs beside the code, transpiled by SWC (jest.transform.js). */
module.exports = {
  rootDir: 'src',
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/../../contracts/src/index.ts' },
  transform: require('../jest.transform.js'),
  // The ES-module-only packages are transformed too (jest.transform.js).
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
};
