/** Unit specs beside the code, transpiled by SWC (jest.transform.js). */
module.exports = {
  rootDir: 'src',
  testMatch: ['**/*.spec.ts'],
  testEnvironment: 'node',
  moduleNameMapper: { '^@academy/contracts$': '<rootDir>/../../contracts/src/index.ts' },
  transform: require('../jest.transform.js'),
};
