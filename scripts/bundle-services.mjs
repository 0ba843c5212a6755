#!/usr/bin/env node
// Bundles each deployable of the distributed mode (services/<name>/src/main.ts and
// gateway/src/main.ts) and the dead-letter tool into one CommonJS file each with esbuild, so
// the image starts them with plain node: no tsx, no TypeScript transpiled at every pod start
// (a second or more of CPU per start, on the CPU the pod's own request pays for). The
// workspace's own packages are bundled; third-party packages stay external (node_modules).
//
// Files the code finds next to its sources at run time (the subgraphs' .graphql, the OCR
// worker, the read worker's and citation thread's own bundles, the web client) stay where they
// are: each bundled module keeps its own __dirname and __filename, rewritten to its source
// folder relative to the bundle, and so does a `require.resolve('@citecheck/...')`.
//
//   node scripts/bundle-services.mjs                 # every deployable and the tool, into dist/
//   node scripts/bundle-services.mjs --out <dir> ingest gateway   (and the tools)
//
// Output: <out>/services/<name>.cjs (and .map), <out>/tools/dead-letters.cjs, and
// <out>/bundles.json: for each bundle, the third-party packages it requires and the workspace
// packages it holds (what an image of that service needs; see scripts/stage-service.mjs).
// A bundle runs from <app>/dist/services/<name>.cjs, <app> laid out as the repository is: the
// repository itself (out = dist, the default), or a service's staged image.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEPLOYABLES = ['ingest', 'extraction', 'validation', 'billing', 'identity', 'notification', 'analytics', 'progress', 'gateway'];

/** Where each bundle starts: a deployable's main.ts, or a tool. */
export function entries() {
  return {
    ...Object.fromEntries(DEPLOYABLES.map((name) => [`services/${name}`, path.join(root, name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`)])),
    'tools/dead-letters': path.join(root, 'packages/platform/src/tools/dead-letters.ts'),
  };
}

/** The package a module specifier names (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`). */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Where Node finds package `name` from a file in `fromDir`: the nearest node_modules/<name> up the tree, within the repository. */
export function resolvePackageDir(name, fromDir) {
  for (let dir = fromDir; dir.startsWith(root); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root) break;
  }
  return null;
}

/**
 * Each workspace module keeps its location: `__dirname`, `__filename` and
 * `require.resolve('@citecheck/...')` become paths relative to the bundle's own __dirname (kept
 * in the banner), so a file found next to the source is found in the image too; and only the
 * entry is the main module.
 */
function keepLocations(outdir, entry) {
  const requireFromRoot = createRequire(path.join(root, 'package.json'));
  const fromBundle = (target) => `require("node:path").join(__citecheckBundleDir, ${JSON.stringify(path.relative(outdir, target))})`;
  return {
    name: 'keep-locations',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        let source = readFileSync(args.path, 'utf8');
        const declarations = [];
        // `require.main === module` marks a file run as a script (gateway/src/compose.ts writes
        // the supergraph); inside a bundle every module would see the bundle as main, so only
        // the entry keeps the test.
        if (args.path !== entry) source = source.replace(/\brequire\.main\s*===\s*module\b/g, 'false');
        source = source.replace(/require\.resolve\((['"])(@citecheck\/[^'"]+)\1\)/g, (_, _quote, specifier) => fromBundle(requireFromRoot.resolve(specifier)));
        if (/\b__dirname\b/.test(source)) declarations.push(`const __dirname = ${fromBundle(path.dirname(args.path))};`);
        if (/\b__filename\b/.test(source)) declarations.push(`const __filename = ${fromBundle(args.path)};`);
        if (declarations.length === 0 && source === readFileSync(args.path, 'utf8')) return undefined;
        return { contents: `${declarations.join(' ')}${source}`, loader: 'ts' };
      });
    },
  };
}

export async function bundle({ out = path.join(root, 'dist'), only = [] } = {}) {
  const outdir = path.resolve(out);
  // The tools go into every image: always built.
  const chosen = Object.entries(entries()).filter(([name]) => only.length === 0 || name.startsWith('tools/') || only.includes(name.split('/').pop()));
  const manifest = {};
  for (const [name, entry] of chosen) {
    const outfile = path.join(outdir, `${name}.cjs`);
    mkdirSync(path.dirname(outfile), { recursive: true });
    const externals = new Set();
    /** Packages a workspace package has in its own node_modules (another version than the root's): `{ name, from }`. */
    const nested = new Map();
    const bundleDir = path.join(root, 'dist', path.dirname(name));
    const result = await build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      sourcemap: true,
      sourcesContent: false,
      // The real directory of the bundle, before any module's own __dirname shadows it.
      banner: { js: 'const __citecheckBundleDir = __dirname;' },
      plugins: [
        {
          name: 'externals',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => {
              if (args.path.startsWith('@citecheck/') || args.path.startsWith('node:')) return undefined;
              const pkg = packageOf(args.path);
              const importerDir = path.dirname(args.importer || path.join(root, 'x'));
              const own = importerDir.includes(`${path.sep}node_modules${path.sep}`) ? null : resolvePackageDir(pkg, importerDir);
              if (own && own !== resolvePackageDir(pkg, root)) {
                // The importer's own version (packages/platform's @opentelemetry/resources 2.x
                // over the root's 1.x): required by its path, which the bundle would not find
                // by name from dist/.
                nested.set(own, { name: pkg, from: path.relative(root, importerDir) });
                const file = createRequire(args.importer).resolve(args.path);
                return { path: `./${path.relative(bundleDir, file).split(path.sep).join('/')}`, external: true };
              }
              externals.add(pkg);
              return { path: args.path, external: true };
            });
          },
        },
        // Locations are relative to where the bundle runs: <app>/dist/..., <app> laid out as
        // the repository is (the repository itself, or a service's staged image), wherever
        // it was written.
        keepLocations(bundleDir, entry),
      ],
      logLevel: 'warning',
      metafile: true,
    });
    const builtins = new Set(createRequire(import.meta.url)('node:module').builtinModules);
    // The workspace packages bundled (their folders: what they read next to their sources).
    const workspace = new Set(
      Object.keys(result.metafile.inputs)
        .filter((input) => !input.includes('node_modules'))
        .map((input) => {
          const parts = path.relative(root, path.resolve(root, input)).split(path.sep);
          return (parts[0] === 'packages' || parts[0] === 'services' ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
        }),
    );
    manifest[name] = {
      file: path.relative(outdir, outfile),
      packages: [...externals].filter((p) => !builtins.has(p)).sort(),
      nested: [...nested.values()].sort((a, b) => a.name.localeCompare(b.name)),
      workspace: [...workspace].sort(),
      bytes: Object.entries(result.metafile.outputs).find(([file]) => file.endsWith(`${name}.cjs`))?.[1].bytes,
    };
  }
  writeFileSync(path.join(outdir, 'bundles.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const out = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const manifest = await bundle({ out, only: args });
  for (const [name, { bytes, packages }] of Object.entries(manifest)) console.log(`bundled ${name}: ${Math.round((bytes ?? 0) / 1024)} KB, ${packages.length} packages external`);
}
