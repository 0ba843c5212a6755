// Lint what matters (STYLE.md): service boundaries, pure domain code, no import cycles.
// Type errors are caught by `tsc --noEmit` in `npm run lint`, not here.
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const SERVICES = ['ingest', 'extraction', 'validation', 'billing', 'identity', 'notification', 'analytics', 'progress'];

// Drivers and adapters a domain/ folder must not reach (types are fine: they vanish at run time).
const ADAPTERS = [
  'better-sqlite3', 'kafkajs', 'mongoose', 'mongodb', 'koa', '@koa/router', 'koa-body', 'ws',
  '@sendgrid/mail', 'stripe', 'openai', 'pdf-parse', 'mammoth', 'tesseract.js',
  'node:fs', 'fs', 'node:http', 'http', 'node:https', 'https', 'node:net', 'net', 'node:child_process', 'child_process',
];

const SERVICE_BOUNDARY = 'Services talk through proto/ contracts and events, not imports.';
const PURE_DOMAIN = 'domain/ holds pure logic; adapters live outside it.';

function restrictions(service, domain) {
  const patterns = [];
  if (service) {
    patterns.push({ group: SERVICES.filter((s) => s !== service).map((s) => `@citecheck/${s}`), message: SERVICE_BOUNDARY });
    patterns.push({ group: ['**/services/*', '../../*/src/**', '@citecheck/gateway'], message: SERVICE_BOUNDARY });
  }
  if (!domain) return { patterns };
  patterns.push({ group: ['**/adapters/**', '**/store/**', '**/events/**', '**/routes*'], message: PURE_DOMAIN, allowTypeImports: true });
  return { patterns, paths: ADAPTERS.map((name) => ({ name, message: PURE_DOMAIN, allowTypeImports: true })) };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/**', 'data/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // A service imports other services only through proto/ and packages/; its domain/ is pure.
  // (One block per folder, because a later flat-config block replaces a rule, not merges it.)
  ...SERVICES.flatMap((name) => [
    { files: [`services/${name}/**/*.ts`], rules: { '@typescript-eslint/no-restricted-imports': ['error', restrictions(name, false)] } },
    { files: [`services/${name}/src/domain/**/*.ts`], rules: { '@typescript-eslint/no-restricted-imports': ['error', restrictions(name, true)] } },
  ]),
  {
    files: ['packages/*/src/domain/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', restrictions(null, true)] },
  },
  // The citation engine is pure TypeScript with no I/O at all.
  {
    files: ['packages/citations/src/**/*.ts'],
    ignores: ['packages/citations/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ADAPTERS.map((name) => ({ name, message: 'The citation engine does no I/O.', allowTypeImports: true })),
      }],
    },
  },
);
