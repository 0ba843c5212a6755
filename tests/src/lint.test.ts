/**
 * The lint rules of STYLE.md are part of the product's guarantees, so they are tested: each
 * rule must fire on a probe that breaks it, and the real tree must pass.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

// ESLint runs as its own process: its flat config is an ES module, which Jest's CommonJS
// runtime cannot load.
async function messagesFor(code: string, file: string, extraArgs: string[] = []): Promise<string[]> {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', ...extraArgs, '--stdin', '--stdin-filename', path.join(root, file)],
    { cwd: root, input: code, encoding: 'utf8' },
  );
  const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint rules', () => {
  it('forbids a service importing another service', async () => {
    const messages = await messagesFor("import { createService } from '@citecheck/ingest';\nexport const x = createService;\n", 'services/billing/src/probe.ts');
    expect(messages.join('\n')).toMatch(/Services talk through proto/);
  });

  it('allows a service to import proto and packages', async () => {
    const messages = await messagesFor("import { topics } from '@citecheck/proto';\nimport type { Ports } from '@citecheck/platform';\nexport const x: [typeof topics, Ports | null] = [topics, null];\n", 'services/billing/src/probe.ts');
    expect(messages).toEqual([]);
  });

  it('keeps domain/ free of drivers and adapters, but allows type imports', async () => {
    const driver = await messagesFor("import Database from 'better-sqlite3';\nexport const x = Database;\n", 'services/identity/src/domain/probe.ts');
    expect(driver.join('\n')).toMatch(/domain\/ holds pure logic/);
    const adapter = await messagesFor("import { repo } from '../store/users';\nexport const x = repo;\n", 'services/identity/src/domain/probe.ts');
    expect(adapter.join('\n')).toMatch(/domain\/ holds pure logic/);
    // koa is one of identity's dependencies, so only the layer rule could object here.
    const typeOnly = await messagesFor("import type { Context } from 'koa';\nexport type X = Context;\n", 'services/identity/src/domain/probe.ts');
    expect(typeOnly).toEqual([]);
  });

  it('keeps a service in layers: transport calls app, only app reaches the store', async () => {
    const store = await messagesFor("import { IngestStore } from '../store/documents';\nexport const x = IngestStore;\n", 'services/ingest/src/transport/probe.ts');
    expect(store.join('\n')).toMatch(/transport\/ calls use cases in app\//);
    const storeType = await messagesFor("import type { IdentityStore } from '../store';\nexport type X = IdentityStore;\n", 'services/identity/src/transport/probe.ts');
    expect(storeType.join('\n')).toMatch(/only app\/ reaches the store/);
    const useCase = await messagesFor("import { login } from '../app/login';\nexport const x = login;\n", 'services/identity/src/transport/probe.ts');
    expect(useCase).toEqual([]);
  });

  it('keeps HTTP and GraphQL out of app/', async () => {
    for (const source of ["import type { Context } from 'koa';\nexport type X = Context;\n", "import { GraphQLError } from 'graphql';\nexport const x = GraphQLError;\n", "import { bodyOf } from '../transport/http';\nexport const x = bodyOf;\n"]) {
      const messages = await messagesFor(source, 'services/identity/src/app/probe.ts');
      expect(messages.join('\n')).toMatch(/HTTP and GraphQL belong in transport\//);
    }
  });

  it('keeps query and update syntax in store/', async () => {
    const source = "export const change = { $set: { stage: 'done' } };\nexport const where = { stage: { '$in': ['a'] } };\n";
    const inApp = await messagesFor(source, 'services/ingest/src/app/probe.ts');
    expect(inApp.filter((m) => m.includes('belongs in store/'))).toHaveLength(2);
    expect(await messagesFor(source, 'services/ingest/src/store/probe.ts')).toEqual([]);
  });

  it('keeps use cases out of store/', async () => {
    const messages = await messagesFor("import { login } from '../app/login';\nexport const x = login;\n", 'services/identity/src/store/probe.ts');
    expect(messages.join('\n')).toMatch(/store\/ is below app\//);
  });

  it('wants every import declared in the nearest package.json, devDependencies in tests only', async () => {
    const undeclared = await messagesFor("import mammoth from 'mammoth';\nexport const x = mammoth;\n", 'services/billing/src/probe.ts');
    expect(undeclared.join('\n')).toMatch(/import-x\/no-extraneous-dependencies: 'mammoth' should be listed/);
    const devInProduct = await messagesFor("import { koaBody } from 'koa-body';\nexport const x = koaBody;\n", 'services/identity/src/probe.ts');
    expect(devInProduct.join('\n')).toMatch(/'koa-body' should be listed in the project's dependencies, not devDependencies/);
    const devInTest = await messagesFor("import { koaBody } from 'koa-body';\nexport const x = koaBody;\n", 'services/identity/src/probe.test.ts');
    expect(devInTest).toEqual([]);
  });

  it('keeps web features apart: no import of another feature, by alias or by ../', async () => {
    const byAlias = await messagesFor("import { AccountControls } from '@/features/auth';\nexport const x = AccountControls;\n", 'web/src/features/landing/components/probe.tsx');
    expect(byAlias.join('\n')).toMatch(/A web feature imports no other feature/);
    const byPath = await messagesFor("import { login } from '../../auth/api/login';\nexport const x = login;\n", 'web/src/features/documents/components/probe.ts');
    expect(byPath.join('\n')).toMatch(/A web feature imports no other feature/);
    // Inside the feature, and from app/ (which composes features), the same imports are fine.
    expect(await messagesFor("import { login } from '../api/login';\nexport const x = login;\n", 'web/src/features/auth/components/probe.ts')).toEqual([]);
    expect(await messagesFor("import { AccountControls } from '@/features/auth';\nexport const x = AccountControls;\n", 'web/src/app/probe.tsx')).toEqual([]);
    // Shared code is open to every feature.
    expect(await messagesFor("import { useCitations } from '@/lib/document-citations';\nexport const x = useCitations;\n", 'web/src/features/reports/components/probe.tsx')).toEqual([]);
  });

  it('keeps every feature folder apart, the ones added after the rule was written too', async () => {
    const messages = await messagesFor("import { BillingView } from '@/features/billing';\nexport const x = BillingView;\n", 'web/src/features/admin/components/probe.tsx');
    expect(messages.join('\n')).toMatch(/A web feature imports no other feature/);
  });

  it('resolves the web alias, so the web client\'s imports are checked like any other', async () => {
    const devInProduct = await messagesFor("import { render } from '@testing-library/react';\nexport const x = render;\n", 'web/src/components/ui/probe.tsx');
    expect(devInProduct.join('\n')).toMatch(/'@testing-library\/react' should be listed in the project's dependencies, not devDependencies/);
    expect(await messagesFor("import { render } from '@testing-library/react';\nexport const x = render;\n", 'web/src/components/ui/probe.test.tsx')).toEqual([]);
    // The cycle and dependency rules follow only what resolves: probe the resolver with the
    // rule that reports what does not.
    const unresolved = ['--rule', '{"import-x/no-unresolved": "error"}'];
    expect(await messagesFor("import { request } from '@/lib/api-client';\nexport const x = request;\n", 'web/src/lib/probe.ts', unresolved)).toEqual([]);
    const missing = await messagesFor("import { request } from '@/lib/no-such-module';\nexport const x = request;\n", 'web/src/lib/probe.ts', unresolved);
    expect(missing.join('\n')).toMatch(/Unable to resolve path to module '@\/lib\/no-such-module'/);
  });

  it('forbids I/O in the citation engine', async () => {
    const messages = await messagesFor("import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", 'packages/citations/src/probe.ts');
    expect(messages.join('\n')).toMatch(/does no I\/O/);
  });
});

describe('the tree', () => {
  it('passes the lint rules (services, gateway, packages, proto, tests, web)', () => {
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', 'services', 'gateway', 'packages', 'proto', 'tests', 'web'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const results = JSON.parse(run.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; message: string; severity: number; line: number }> }>;
    const errors = results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(errors).toEqual([]);
  }, 240_000);
});
