/**
 * Identity's subgraph executed as the gateway executes it in embedded mode: the resolvers get
 * the caller's authorization header, and answer with the same use cases, rights and request
 * limits as the REST routes.
 */
import { graphql, type GraphQLSchema } from 'graphql';
import { buildSubgraph } from '@citecheck/platform';
import { issueDeviceToken } from '../app/email-sign-in';
import { hashPassword } from '../domain/passwords';
import { createService, type IdentityService } from '../service';
import { adminBearer, bearer, call, createWorld, identitySettings, serve, type TestWorld } from '../../test/harness';

const ADMIN_EMAIL = 'admin@citecheck.test';
const ADMIN_PASSWORD = 'correct admin password';

let world: TestWorld;
let identity: IdentityService;
let schema: GraphQLSchema;

beforeAll(async () => {
  world = createWorld();
  identity = createService(
    world.portsFor('identity'),
    identitySettings({ ADMIN_EMAIL, ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD), RATE_LIMIT_PER_EMAIL: 4 }),
  );
  await identity.module.start();
  schema = buildSubgraph(identity.module.typeDefs, identity.module.resolvers);
});

afterAll(async () => {
  await identity.module.stop();
  await world.close();
});

async function run(source: string, headers: { authorization?: string; cookie?: string } = {}, variableValues?: Record<string, unknown>) {
  const result = await graphql({ schema, source, variableValues, contextValue: { authorization: headers.authorization ?? null, cookie: headers.cookie ?? null, ip: '10.0.0.9' } });
  const error = result.errors?.[0]?.originalError as { status?: number; message?: string } | undefined;
  return { data: result.data as any, error };
}

async function verifiedUser(email: string): Promise<{ id: string; token: string }> {
  const registered = await run('mutation($email: String!) { register(name: "Gil", email: $email) { alreadyVerified message } }', {}, { email });
  expect(registered.data.register).toMatchObject({ alreadyVerified: false });
  const user = (await identity.context.users.byEmail(email))!;
  await identity.context.users.markVerified(user.id, world.clock.now().toISOString());
  // Signing in by e-mail alone works in the browser that verified the address (its device cookie).
  const device = await issueDeviceToken(identity.context, user);
  const login = await run('mutation($email: String!) { login(email: $email) { sessionToken passwordSession user { name userType } } }', { cookie: `citecheck_device=${device}` }, { email });
  expect(login.data.login).toMatchObject({ passwordSession: false, user: { name: 'Gil', userType: 'free' } });
  return { id: user.id, token: login.data.login.sessionToken };
}

it('answers me for the signed-in user and null for anyone else', async () => {
  const gil = await verifiedUser('gil@firm.test');
  const me = await run('{ me { id email isVerified userType reportLimit } }', bearer(gil.token));
  expect(me.data.me).toEqual({ id: gil.id, email: 'gil@firm.test', isVerified: true, userType: 'free', reportLimit: 5 });
  expect((await run('{ me { id } }')).data.me).toBeNull();
  await run('mutation { logout { success } }', bearer(gil.token));
  expect((await run('{ me { id } }', bearer(gil.token))).data.me).toBeNull();
});

it('resolves a User reference only for the user themself or the admin', async () => {
  const hal = await verifiedUser('hal@firm.test');
  const ida = await verifiedUser('ida@firm.test');
  const query = '{ _entities(representations: [{ __typename: "User", id: "ID" }]) { ... on User { email } } }'.replace('ID', hal.id);
  expect((await run(query, bearer(hal.token))).data._entities).toEqual([{ email: 'hal@firm.test' }]);
  expect((await run(query, adminBearer(ADMIN_EMAIL, ADMIN_PASSWORD))).data._entities).toEqual([{ email: 'hal@firm.test' }]);
  expect((await run(query, bearer(ida.token))).data._entities).toEqual([null]);
  expect((await run(query)).data._entities).toEqual([null]);
});

it('keeps admin mutations for the admin', async () => {
  const jo = await verifiedUser('jo@firm.test');
  const deletion = `mutation { deleteUser(id: "${jo.id}") { success message } }`;
  expect((await run(deletion, bearer(jo.token))).error).toMatchObject({ status: 401 });
  expect((await run(deletion, adminBearer(ADMIN_EMAIL, ADMIN_PASSWORD))).data.deleteUser).toEqual({ success: true, message: 'User Deleted' });
  expect(await identity.context.users.byId(jo.id)).toBeNull();
});

it('counts sign-ins against the same per-IP limit as the REST route', async () => {
  // Its own instance: four sign-ins per IP a minute. Calls per e-mail address are not counted
  // for sign-in (that let anyone keep the owner out; see app/login-throttle.ts).
  const w = createWorld();
  const limited = createService(w.portsFor('identity'), identitySettings({ RATE_LIMIT_PER_IP: 4 }));
  const limitedSchema = buildSubgraph(limited.module.typeDefs, limited.module.resolvers);
  const server = await serve([limited.module.routes]);
  try {
    const email = 'kim@firm.test';
    const statuses: (number | undefined)[] = [];
    statuses.push((await call(server.url, 'POST', '/api/auth/login', { body: { email } })).status);
    statuses.push((await call(server.url, 'POST', '/api/auth/login', { body: { email } })).status);
    for (let i = 0; i < 3; i += 1) {
      const result = await graphql({ schema: limitedSchema, source: 'mutation { login(email: "kim@firm.test") { sessionToken } }', contextValue: { authorization: null, cookie: null, ip: '127.0.0.1' } });
      statuses.push((result.errors?.[0]?.originalError as { status?: number } | undefined)?.status);
    }
    // Four calls from one IP per window, through either door: the fifth is refused.
    expect(statuses).toEqual([403, 403, 403, 403, 429]);
  } finally {
    await server.close();
    await w.close();
  }
});
