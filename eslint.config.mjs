// Lint what matters (STYLE.md): service boundaries, pure domain code, no import cycles.
// Type errors are caught by `tsc --noEmit` in `npm run lint`, not here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const SERVICES = ['ingest', 'extraction', 'validation', 'billing', 'identity', 'notification', 'analytics', 'progress'];

// Drivers and adapters a domain/ folder must not reach (types are fine: they vanish at run time).
const ADAPTERS = [
  'better-sqlite3', 'kafkajs', 'mongoose', 'mongodb', 'koa', '@koa/router', 'koa-body', 'ws',
  '@sendgrid/mail', 'stripe', 'openai', 'pdf-parse', 'mammoth', 'tesseract.js',
  'node:fs', 'fs', 'node:http', 'http', 'node:https', 'https', 'node:net', 'net', 'node:child_process', 'child_process',
];

// Files that may import devDependencies: tests, test support, fixtures and build scripts.
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/testing/**', 'tests/**', '**/scripts/**', '**/*.config.*'];

// The web client's features (bulletproof-react): app/ composes them, and what two of them
// share lives in components/ or lib/, so a feature can change without breaking another.
// Read from the folder, so a new feature is kept apart without anyone remembering to list it.
const WEB_FEATURES = readdirSync(path.join(ROOT, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const FEATURE_BOUNDARY = 'A web feature imports no other feature: compose them in app/, share code through components/ or lib/.';

const SERVICE_BOUNDARY = 'Services talk through proto/ contracts and events, not imports.';
const PURE_DOMAIN = 'domain/ holds pure logic; adapters live outside it.';

// What each layer of a service may not reach (STYLE.md: transport -> app -> domain, store).
const LAYERS = {
  transport: {
    patterns: [{ group: ['**/store', '**/store/**'], message: 'transport/ calls use cases in app/; only app/ reaches the store.' }],
  },
  app: {
    paths: ['koa', '@koa/router', 'koa-body', 'graphql', 'graphql-tag', '@apollo/server', '@apollo/subgraph'].map((name) => ({
      name,
      message: 'app/ holds use cases; HTTP and GraphQL belong in transport/.',
    })),
    patterns: [{ group: ['**/transport', '**/transport/**'], message: 'app/ holds use cases; HTTP and GraphQL belong in transport/.' }],
  },
  store: {
    patterns: [{ group: ['**/app', '**/app/**', '**/transport', '**/transport/**'], message: 'store/ is below app/: repositories call no use case and no route.' }],
  },
  domain: {
    patterns: [{ group: ['**/adapters/**', '**/store/**', '**/events/**', '**/routes*'], message: PURE_DOMAIN, allowTypeImports: true }],
    paths: ADAPTERS.map((name) => ({ name, message: PURE_DOMAIN, allowTypeImports: true })),
  },
};

/** The restricted imports of one folder: the service boundary, plus its layer's own rules. */
function restrictions(service, layer) {
  const patterns = [];
  const paths = [];
  if (service) {
    patterns.push({ group: SERVICES.filter((s) => s !== service).map((s) => `@citecheck/${s}`), message: SERVICE_BOUNDARY });
    patterns.push({ group: ['**/services/*', '../../*/src/**', '@citecheck/gateway'], message: SERVICE_BOUNDARY });
  }
  if (layer) {
    patterns.push(...(LAYERS[layer].patterns ?? []));
    paths.push(...(LAYERS[layer].paths ?? []));
  }
  return paths.length ? { patterns, paths } : { patterns };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Every import is declared in the package.json nearest the importing file; test code
      // may use devDependencies, product code may not.
      // @jest/globals comes with Jest itself, a devDependency of the root.
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: TEST_FILES, optionalDependencies: false, peerDependencies: false, includeTypes: true, whitelist: ['@jest/globals'] },
      ],
    },
  },
  // A service imports other services only through proto/ and packages/; inside it, transport/
  // calls app/, app/ uses domain/ and store/, and domain/ is pure. Tests sit beside the code
  // they test but are not a layer: they may host a service whole.
  // (One block per folder, because a later flat-config block replaces a rule, not merges it.)
  ...SERVICES.flatMap((name) => [
    { files: [`services/${name}/**/*.ts`], rules: { '@typescript-eslint/no-restricted-imports': ['error', restrictions(name, null)] } },
    ...Object.keys(LAYERS).map((layer) => ({
      files: [`services/${name}/src/${layer}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', restrictions(name, layer)] },
    })),
  ]),
  // Only store/ writes the database's query and update syntax ($set, $inc, $in, ...): the
  // layers above it ask a repository by intent.
  {
    files: ['services/*/src/app/**/*.ts', 'services/*/src/transport/**/*.ts', 'services/*/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^\\$/], Property[key.value=/^\\$/]',
          message: 'Query and update syntax belongs in store/: add an intent-named repository method.',
        },
      ],
    },
  },
  // The web client resolves `@/` to web/src, as its tsconfig, Vite and Jest do, so the
  // cycle and dependency rules follow those imports too.
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], alias: { '@': [path.join(ROOT, 'web', 'src')] } })],
    },
  },
  ...WEB_FEATURES.map((name) => {
    const others = WEB_FEATURES.filter((f) => f !== name).join('|');
    return {
      files: [`web/src/features/${name}/**/*.ts`, `web/src/features/${name}/**/*.tsx`],
      rules: {
        '@typescript-eslint/no-restricted-imports': ['error', {
          // By alias, or by climbing out of the feature with ../ to a sibling.
          patterns: [{ regex: `^(@/features/|(\\.\\./)+)(${others})(/|$)`, message: FEATURE_BOUNDARY }],
        }],
      },
    };
  }),
  {
    files: ['packages/*/src/domain/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', restrictions(null, 'domain')] },
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
