// `helm test <release>` (templates/tests/test-connection.yaml runs this with node -e in the
// gateway's image). From inside the cluster, through the release's own Services:
//   1. the gateway is ready (/readyz);
//   2. every backend answers its health field through the federated GraphQL API;
//   3. the REST facade reaches ingest;
//   4. the round trip: the pod registers a session of its own on the gateway's /ws (the
//      progress service behind it), then asks every backend for its self-test (POST
//      /internal/selftest): each writes a record to MongoDB, reads it back and publishes a
//      progress message on Kafka for that session; progress consumes each from Kafka and
//      relays it here. A backend whose message never arrives names the broken leg.
// Environment: GATEWAY_URL, SELFTEST_URLS (name=url,...), TEST_TIMEOUT_MS (default 60000).
// Needs Node's global fetch and WebSocket (Node 22; Node 20 with --experimental-websocket).
'use strict';
const gateway = (process.env.GATEWAY_URL || '').replace(/\/+$/, '');
const selftests = (process.env.SELFTEST_URLS || '')
  .split(',')
  .filter(Boolean)
  .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1).replace(/\/+$/, '')]);
const deadline = Date.now() + Number(process.env.TEST_TIMEOUT_MS || 60000);
const left = () => Math.max(1, deadline - Date.now());
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fail = (message) => {
  throw new Error(message);
};

async function main() {
  if (!gateway || selftests.length === 0) fail('GATEWAY_URL and SELFTEST_URLS are required');
  if (typeof WebSocket === 'undefined') fail('this node has no WebSocket client (Node 22, or Node 20 with --experimental-websocket)');
  const names = selftests.map(([name]) => name);

  const ready = await fetch(`${gateway}/readyz`, { signal: AbortSignal.timeout(left()) });
  if (!ready.ok) fail(`gateway /readyz answered ${ready.status}`);

  const query = `{ ${names.map((name) => `${name}Health { ok }`).join(' ')} }`;
  const graphql = await fetch(`${gateway}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(left()),
  });
  const health = await graphql.json().catch(() => ({}));
  const down = names.filter((name) => !(health.data && health.data[`${name}Health`] && health.data[`${name}Health`].ok));
  if (down.length > 0) fail(`not healthy through the gateway: ${down.join(', ')}`);

  const report = await fetch(`${gateway}/api/reports/00000000000000000000000000000000`, { signal: AbortSignal.timeout(left()) });
  if (report.status >= 500) fail(`the REST facade to ingest answered ${report.status}`);

  const nonce = `helm-${require('node:crypto').randomUUID()}`;
  const sessionId = `selftest-${nonce}`;
  const heard = new Set();
  const socket = new WebSocket(`${gateway.replace(/^http/, 'ws')}/ws`);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the /ws WebSocket through the gateway did not open')), Math.min(10000, left()));
    socket.onopen = () => {
      clearTimeout(timer);
      resolve();
    };
    socket.onerror = () => {
      clearTimeout(timer);
      reject(new Error('the /ws WebSocket through the gateway did not open'));
    };
  });
  socket.onmessage = (message) => {
    try {
      const progress = JSON.parse(String(message.data));
      if (progress.sessionId === sessionId) heard.add(String(progress.message).split(':')[0]);
    } catch {
      // not a progress message
    }
  };
  socket.send(JSON.stringify({ type: 'register', sessionId }));

  try {
    // A message published before the relay took the registration is not replayed to this
    // session, so the backends not yet heard from are asked again (three rounds at most).
    for (let round = 1; ; round++) {
      for (const [name, url] of selftests.filter(([name]) => !heard.has(name))) {
        const response = await fetch(`${url}/internal/selftest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ nonce }),
          signal: AbortSignal.timeout(Math.min(15000, left())),
        }).catch((error) => fail(`${name}: its self-test could not be reached at ${url} (${error.cause ? error.cause.code || error.cause.message : error.message})`));
        if (response.status !== 200) fail(`${name}: its self-test answered ${response.status} ${(await response.text()).slice(0, 300)}`);
      }
      const roundEnds = Date.now() + Math.min(10000, left());
      while (Date.now() < roundEnds && !names.every((name) => heard.has(name))) await sleep(100);
      if (names.every((name) => heard.has(name))) break;
      if (round >= 3 || Date.now() >= deadline) {
        fail(`no message came back through Kafka and the progress service from: ${names.filter((name) => !heard.has(name)).join(', ')}`);
      }
    }
  } finally {
    socket.close();
  }
  console.log(`gateway ready; ${names.length} services healthy through it; each wrote and read back a record in its store and its message came back through Kafka and the progress service on /ws`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`helm test failed: ${error.message}`);
    process.exit(1);
  },
);
