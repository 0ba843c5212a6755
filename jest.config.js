// One Jest run for the whole repository, in three projects:
//  - unit and system tests beside the code they test (`*.test.ts` everywhere but web/ and tests/browser);
//  - the web client's tests; component tests (`*.test.tsx`) render in jsdom, set per file with a
//    `@jest-environment jsdom` docblock;
//  - browser end-to-end tests (tests/browser), which drive Chromium against the real product
//    and run one file at a time.
// @swc/jest compiles TypeScript per file (no type check: `npm run lint` does that), which
// keeps the whole suite fast on a 2-core machine.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
      module: { type: 'commonjs' },
    },
  ],
};

const shared = {
  testEnvironment: 'node',
  rootDir: __dirname,
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(pdfjs-dist|pdf-parse)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // The web client's `@/` alias (web/tsconfig.json, web/vite.config.ts), also for the system
  // tests that check its CSV export against the real product.
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/web/src/$1' },
  setupFiles: ['<rootDir>/tests/jest-env.js'],
};

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30000,
  // Readers, OCR and whole-product tests are memory-hungry: recycle a worker that has grown past 512 MB,
  // so a long run on a small machine never runs out of memory.
  workerIdleMemoryLimit: '512MB',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/?(*.)test.ts?(x)'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/tests/browser/', '<rootDir>/web/'],
    },
    {
      ...shared,
      displayName: 'web',
      testMatch: ['<rootDir>/web/**/?(*.)test.ts?(x)'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      ...shared,
      displayName: 'browser',
      testMatch: ['<rootDir>/tests/browser/**/*.test.ts'],
    },
  ],
};
