/**
 * Kafka consumer groups over the services' real subscriptions. No broker here, so the group
 * protocol is replayed with kafkajs's own pieces: each replica of each service opens one
 * consumer per subscription (as the Kafka bus does), in the Kafka group `consumerGroupId`
 * names; the group leader runs kafkajs's RoundRobin assigner over the union of its members'
 * topics (as kafkajs's ConsumerGroup does), and each member keeps only the topics it
 * subscribed to (kafkajs drops the others). Every partition of every subscribed topic must
 * then reach a consumer whose handler is the one subscribed to that topic.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { consumerGroupId, createBus, createPorts, loadConfig, type Bus, type PlatformConfig, type Ports, type ServiceDefinition } from '@citecheck/platform';
import * as analytics from '@citecheck/analytics';
import * as billing from '@citecheck/billing';
import * as extraction from '@citecheck/extraction';
import * as identity from '@citecheck/identity';
import * as ingest from '@citecheck/ingest';
import * as notification from '@citecheck/notification';
import * as progress from '@citecheck/progress';
import * as validation from '@citecheck/validation';
import { AssignerProtocol, PartitionAssigners } from 'kafkajs';

const PARTITIONS = 6;

interface Subscription {
  service: string;
  topic: string;
  group: string;
}

let dataDir: string;
let bus: Bus;
const opened: Ports[] = [];
const subscriptions: Subscription[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-kafka-groups-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const definitions: [ServiceDefinition<any, any, any>, unknown][] = [
    [identity.service, undefined],
    [notification.service, undefined],
    // Billing's identity calls cannot happen here either: only its consumers are declared.
    [billing.service, { identity: {} }],
    [analytics.service, undefined],
    // Consumers are only declared here, never run: ingest's identity calls cannot happen.
    [ingest.service, { identity: {} }],
    [extraction.service, undefined],
    [validation.service, undefined],
    [progress.service, undefined],
  ];
  for (const [definition, deps] of definitions) {
    const config = loadConfig(definition.config, env) as PlatformConfig;
    bus ??= await createBus(config);
    const ports = await createPorts(config, definition.name, { bus });
    opened.push(ports);
    const parts = await definition.create(ports, config, deps);
    for (const consumer of parts.consumers ?? []) subscriptions.push({ service: definition.name, topic: consumer.topic, group: consumer.group });
  }
});

afterAll(async () => {
  await bus?.close();
  for (const ports of opened) await ports.store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One Kafka group's round: join (metadata per member), leader assigns, each member syncs. */
async function deliveries(replicas: number): Promise<Map<string, Set<string>>> {
  const members = subscriptions.flatMap((s) =>
    Array.from({ length: replicas }, (_, replica) => ({
      memberId: `${s.service}-${replica}-${s.topic}`,
      groupId: consumerGroupId(s.group, s.topic),
      subscription: s,
    })),
  );
  const cluster = {
    findTopicPartitionMetadata: (topic: string) => Array.from({ length: PARTITIONS }, (_, partitionId) => ({ partitionId, topic })),
  };
  // `${topic}/${partition}` → the services whose handler for that topic received it.
  const reached = new Map<string, Set<string>>();
  for (const groupId of new Set(members.map((m) => m.groupId))) {
    const group = members.filter((m) => m.groupId === groupId);
    const assigner = PartitionAssigners.roundRobin({ cluster } as never);
    const joined = group.map((m) => ({ memberId: m.memberId, memberMetadata: assigner.protocol({ topics: [m.subscription.topic] }).metadata }));
    // kafkajs's leader assigns the union of the topics its members subscribed to.
    const topics = [...new Set(joined.flatMap((m) => AssignerProtocol.MemberMetadata.decode(m.memberMetadata)!.topics))];
    const assignment = await assigner.assign({ members: joined, topics, groupId } as never);
    for (const { memberId, memberAssignment } of assignment) {
      const member = group.find((m) => m.memberId === memberId)!;
      const decoded = AssignerProtocol.MemberAssignment.decode(memberAssignment)!.assignment;
      for (const [topic, partitions] of Object.entries(decoded)) {
        // kafkajs drops partitions of topics the member did not subscribe to.
        if (topic !== member.subscription.topic) continue;
        for (const partition of partitions) {
          const key = `${topic}/${partition}`;
          if (!reached.has(key)) reached.set(key, new Set());
          reached.get(key)!.add(`${member.subscription.service}:${member.subscription.group}`);
        }
      }
    }
  }
  return reached;
}

test('the services declare the subscriptions the pipeline needs', () => {
  const byService = (service: string) => subscriptions.filter((s) => s.service === service).map((s) => s.topic);
  expect(byService('ingest')).toEqual(expect.arrayContaining(['citations.extracted', 'citations.validated', 'pipeline.failed']));
  expect(byService('extraction')).toContain('document.uploaded');
  expect(byService('validation')).toContain('citations.extracted');
});

test.each([1, 3])('with %i replica(s) per service, every partition of every topic reaches each subscribed handler', async (replicas) => {
  const reached = await deliveries(replicas);
  const missing: string[] = [];
  for (const s of subscriptions) {
    for (let partition = 0; partition < PARTITIONS; partition++) {
      const key = `${s.topic}/${partition}`;
      if (!reached.get(key)?.has(`${s.service}:${s.group}`)) missing.push(`${s.service} (${s.group}) never reads ${key}`);
    }
  }
  expect(missing).toEqual([]);
});

test('replicas of a service share one Kafka group per topic; services never share one', () => {
  const groups = new Map<string, Set<string>>();
  for (const s of subscriptions) {
    const id = consumerGroupId(s.group, s.topic);
    if (!groups.has(id)) groups.set(id, new Set());
    groups.get(id)!.add(s.service);
  }
  for (const [id, services] of groups) expect({ id, services: [...services] }).toEqual({ id, services: [expect.any(String)] });
  expect(consumerGroupId('ingest', 'citations.validated')).toBe(consumerGroupId('ingest', 'citations.validated'));
});
