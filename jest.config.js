/** Tests run against real peers (embedded PostgreSQL, smtp-server, Dovecot, a loopback DNS server)
 *  that test/support starts; see test/README.md. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(ts|js)$': swc },
  // agenda, its backends, the OpenAPI schema validator and openid-client (with oauth4webapi and jose) ship only
  // as ES modules: compile them to CommonJS too.
  transformIgnorePatterns: ['/node_modules/(?!(agenda|@agendajs|@seriousme|openid-client|oauth4webapi|jose)/)'],
  setupFiles: ['reflect-metadata'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  // Three files at a time on the two-core machines CI runs on: many files spend much of their time waiting
  // (leases running out, deadlines, child processes starting, a browser), and a third file fills that
  // time. Clean-clone CI runs, checks beside: Jest 436 and 457 s with three, 454 and 492 s with two. A
  // fourth only adds contention: 477 s against 402 s with three (the whole suite alone, warm cache).
  maxWorkers: 3,
};
