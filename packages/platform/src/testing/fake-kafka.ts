/**
 * A Kafka broker on a local TCP port, speaking Kafka's wire protocol (the request versions
 * kafkajs picks when a broker offers only these), for tests of what a real, locked-down
 * cluster does to the services: topics that exist but may not be created by this principal
 * (CreateTopics answers TOPIC_AUTHORIZATION_FAILED, POLICY_VIOLATION or
 * INVALID_REPLICATION_FACTOR while Metadata shows the topic), consumer groups with session
 * timeouts that evict a member that stops heartbeating, rebalances that wait for every member
 * to rejoin up to its rebalance timeout (and take its commits meanwhile, as Kafka does), and
 * committed offsets per group.
 *
 * No npm package offers a maintained in-process broker (Testcontainers runs a real one in
 * Docker, which these machines lack), so this is the smallest one kafkajs can use end to end:
 * one node, no replication, record batches kept as the producer sent them (only the base
 * offset is rewritten, which the batch CRC does not cover), no compression handling (kafkajs
 * decodes what it sent), no transactions. What it refuses it refuses with Kafka's error codes.
 *
 *   const broker = await startFakeKafka({ topics: ['document.uploaded'], createTopics: 'TOPIC_AUTHORIZATION_FAILED' });
 *   createKafkaBus({ brokers: [broker.address], clientId: 'x' });
 *   await broker.close();
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';

/** Kafka's error codes this broker answers with. */
export const KAFKA_ERRORS = {
  NONE: 0,
  OFFSET_OUT_OF_RANGE: 1,
  UNKNOWN_TOPIC_OR_PARTITION: 3,
  ILLEGAL_GENERATION: 22,
  UNKNOWN_MEMBER_ID: 25,
  REBALANCE_IN_PROGRESS: 27,
  TOPIC_AUTHORIZATION_FAILED: 29,
  GROUP_AUTHORIZATION_FAILED: 30,
  UNSUPPORTED_VERSION: 35,
  TOPIC_ALREADY_EXISTS: 36,
  INVALID_REPLICATION_FACTOR: 38,
  POLICY_VIOLATION: 44,
} as const;

export type CreateTopicsRefusal = 'TOPIC_AUTHORIZATION_FAILED' | 'POLICY_VIOLATION' | 'INVALID_REPLICATION_FACTOR';

export interface FakeKafkaOptions {
  /** Topics that exist from the start (created by an operator or a GitOps tool). */
  topics?: (string | { name: string; partitions: number })[];
  /** Partitions of topics created by a CreateTopics request that asks for -1 (default 3). */
  defaultPartitions?: number;
  /**
   * How CreateTopics is answered: 'allow' (default) creates; a refusal answers every topic
   * with that error, as a principal without CREATE (or a CreateTopicPolicy, or a cluster that
   * refuses the replication factor) gets, whether the topic exists or not.
   */
  createTopics?: 'allow' | CreateTopicsRefusal;
  /** Lowest replication factor accepted when creating (default 1; -1 means the broker's default). */
  minReplicationFactor?: number;
  /** Topics this principal may not describe, produce to or read (TOPIC_AUTHORIZATION_FAILED). */
  forbiddenTopics?: string[];
  /** Runs as a CreateTopics request arrives, before it is answered (an operator racing the client). */
  onCreateTopics?: (topic: string) => void;
}

interface Batch {
  base: bigint;
  count: number;
  bytes: Buffer;
}

interface Partition {
  batches: Batch[];
  next: bigint;
}

interface Member {
  id: string;
  clientId: string;
  sessionTimeout: number;
  rebalanceTimeout: number;
  protocols: { name: string; metadata: Buffer }[];
  lastSeen: number;
  /** Resolves the member's JoinGroup request in the round under way. */
  joining?: (answer: Encoder) => void;
  syncing?: (answer: Encoder) => void;
}

interface Group {
  id: string;
  generation: number;
  protocol: string;
  protocolType: string;
  leader: string;
  members: Map<string, Member>;
  state: 'empty' | 'joining' | 'syncing' | 'stable';
  assignments: Map<string, Buffer>;
  offsets: Map<string, bigint>;
  roundTimer?: NodeJS.Timeout;
  roundDeadline?: NodeJS.Timeout;
}

/** What happened, for assertions. */
export interface FakeKafkaEvent {
  kind: 'create-topics' | 'evicted' | 'joined' | 'left' | 'rebalance' | 'commit';
  group?: string;
  member?: string;
  topic?: string;
  detail?: string;
}

export interface FakeKafka {
  /** `127.0.0.1:<port>`, for KAFKA_BROKERS. */
  address: string;
  port: number;
  events: FakeKafkaEvent[];
  /** Creates a topic as an operator would (outside any client's rights). */
  createTopic(name: string, partitions?: number): void;
  /** Revokes this principal's rights on a topic (an ACL removed while the services run). */
  forbid(topic: string): void;
  topicNames(): string[];
  /** Messages in a topic, decoded enough for assertions: key, value and headers of each record. */
  messages(topic: string): { partition: number; offset: bigint; key: string | null; value: string | null; headers: Record<string, string> }[];
  /** A group's committed offset per `topic:partition`. */
  committed(group: string): Record<string, bigint>;
  groupIds(): string[];
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------
// The primitive types of Kafka's protocol (big-endian; strings int16-length-prefixed).

class Encoder {
  private chunks: Buffer[] = [];
  int8(v: number) {
    const b = Buffer.alloc(1);
    b.writeInt8(v);
    return this.push(b);
  }
  int16(v: number) {
    const b = Buffer.alloc(2);
    b.writeInt16BE(v);
    return this.push(b);
  }
  int32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    return this.push(b);
  }
  int64(v: bigint | number) {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(BigInt(v));
    return this.push(b);
  }
  bool(v: boolean) {
    return this.int8(v ? 1 : 0);
  }
  string(v: string | null) {
    if (v === null) return this.int16(-1);
    const bytes = Buffer.from(v, 'utf8');
    return this.int16(bytes.length).push(bytes);
  }
  bytes(v: Buffer | null) {
    if (v === null) return this.int32(-1);
    return this.int32(v.length).push(v);
  }
  array<T>(items: T[], each: (e: Encoder, item: T) => void) {
    this.int32(items.length);
    for (const item of items) each(this, item);
    return this;
  }
  push(b: Buffer) {
    this.chunks.push(b);
    return this;
  }
  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

class Decoder {
  private at = 0;
  constructor(private readonly buf: Buffer) {}
  int8() {
    return this.buf.readInt8((this.at += 1) - 1);
  }
  int16() {
    return this.buf.readInt16BE((this.at += 2) - 2);
  }
  int32() {
    return this.buf.readInt32BE((this.at += 4) - 4);
  }
  int64() {
    return this.buf.readBigInt64BE((this.at += 8) - 8);
  }
  string(): string | null {
    const length = this.int16();
    if (length < 0) return null;
    const s = this.buf.toString('utf8', this.at, this.at + length);
    this.at += length;
    return s;
  }
  bytes(): Buffer | null {
    const length = this.int32();
    if (length < 0) return null;
    const b = this.buf.subarray(this.at, this.at + length);
    this.at += length;
    return b;
  }
  array<T>(each: (d: Decoder) => T): T[] | null {
    const length = this.int32();
    if (length < 0) return null;
    const out: T[] = [];
    for (let i = 0; i < length; i++) out.push(each(this));
    return out;
  }
}

/** Zig-zag varints, as records inside a batch are written. */
function readVarint(buf: Buffer, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let byte: number;
  do {
    byte = buf[at++];
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return [(value >>> 1) ^ -(value & 1), at];
}

function readVarintBytes(buf: Buffer, at: number): [Buffer | null, number] {
  const [length, next] = readVarint(buf, at);
  if (length < 0) return [null, next];
  return [buf.subarray(next, next + length), next + length];
}

// The API keys and the one version of each this broker answers (kafkajs uses the highest
// version both sides know, so it picks these).
const API = {
  Produce: [0, 3],
  Fetch: [1, 4],
  ListOffsets: [2, 1],
  Metadata: [3, 1],
  OffsetCommit: [8, 2],
  OffsetFetch: [9, 1],
  FindCoordinator: [10, 0],
  JoinGroup: [11, 1],
  Heartbeat: [12, 0],
  LeaveGroup: [13, 0],
  SyncGroup: [14, 0],
  ApiVersions: [18, 0],
  CreateTopics: [19, 0],
  InitProducerId: [22, 0],
} as const;

const NODE_ID = 0;

export async function startFakeKafka(options: FakeKafkaOptions = {}): Promise<FakeKafka> {
  const topics = new Map<string, Partition[]>();
  const groups = new Map<string, Group>();
  const events: FakeKafkaEvent[] = [];
  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  const forbidden = new Set(options.forbiddenTopics ?? []);
  const sockets = new Set<Socket>();
  let producerIds = 1000;

  const createTopic = (name: string, partitions = options.defaultPartitions ?? 3) => {
    if (topics.has(name)) return;
    topics.set(
      name,
      Array.from({ length: partitions }, () => ({ batches: [], next: 0n })),
    );
  };
  for (const topic of options.topics ?? []) {
    if (typeof topic === 'string') createTopic(topic);
    else createTopic(topic.name, topic.partitions);
  }

  // ------------------------------------------------------------------ consumer groups

  const groupOf = (id: string): Group => {
    let group = groups.get(id);
    if (!group) {
      group = { id, generation: 0, protocol: '', protocolType: 'consumer', leader: '', members: new Map(), state: 'empty', assignments: new Map(), offsets: new Map() };
      groups.set(id, group);
    }
    return group;
  };

  /** Ends the join round: members that rejoined get the new generation, the others are dropped. */
  const completeJoin = (group: Group) => {
    clearTimeout(group.roundTimer);
    clearTimeout(group.roundDeadline);
    group.roundTimer = group.roundDeadline = undefined;
    for (const member of [...group.members.values()]) {
      if (!member.joining) {
        group.members.delete(member.id);
        events.push({ kind: 'evicted', group: group.id, member: member.id, detail: 'did not rejoin within the rebalance timeout' });
      }
    }
    if (group.members.size === 0) {
      group.state = 'empty';
      return;
    }
    group.generation++;
    const members = [...group.members.values()];
    group.leader = members[0].id;
    group.protocol = members[0].protocols.find((p) => members.every((m) => m.protocols.some((q) => q.name === p.name)))?.name ?? members[0].protocols[0].name;
    group.state = 'syncing';
    group.assignments.clear();
    for (const member of members) {
      const answer = new Encoder().int16(0).int32(group.generation).string(group.protocol).string(group.leader).string(member.id);
      if (member.id === group.leader) {
        answer.array(members, (e, m) => void e.string(m.id).bytes(m.protocols.find((p) => p.name === group.protocol)?.metadata ?? Buffer.alloc(0)));
      } else answer.array([], () => undefined);
      const reply = member.joining!;
      member.joining = undefined;
      member.lastSeen = Date.now();
      reply(answer);
    }
  };

  /** Starts a rebalance: every member must send JoinGroup again, within its rebalance timeout. */
  const startRebalance = (group: Group, why: string) => {
    if (group.state === 'joining') return;
    events.push({ kind: 'rebalance', group: group.id, detail: why });
    group.state = 'joining';
    // Syncs waiting on the old generation learn of the rebalance.
    for (const member of group.members.values()) {
      if (member.syncing) {
        member.syncing(new Encoder().int16(KAFKA_ERRORS.REBALANCE_IN_PROGRESS).bytes(Buffer.alloc(0)));
        member.syncing = undefined;
      }
    }
    const longest = Math.max(...[...group.members.values()].map((m) => m.rebalanceTimeout), 0);
    group.roundDeadline = setTimeout(() => completeJoin(group), longest);
  };

  /** Answers the round as soon as every member has rejoined (after a short settling delay). */
  const maybeCompleteJoin = (group: Group) => {
    if ([...group.members.values()].every((m) => m.joining)) {
      clearTimeout(group.roundTimer);
      group.roundTimer = setTimeout(() => completeJoin(group), 20);
    }
  };

  const removeMember = (group: Group, memberId: string, kind: 'evicted' | 'left', detail?: string) => {
    const member = group.members.get(memberId);
    if (!member) return;
    group.members.delete(memberId);
    events.push({ kind, group: group.id, member: memberId, detail });
    member.joining?.(new Encoder().int16(KAFKA_ERRORS.UNKNOWN_MEMBER_ID).int32(-1).string('').string('').string('').array([], () => undefined));
    member.syncing?.(new Encoder().int16(KAFKA_ERRORS.UNKNOWN_MEMBER_ID).bytes(Buffer.alloc(0)));
    if (group.members.size === 0) {
      clearTimeout(group.roundTimer);
      clearTimeout(group.roundDeadline);
      group.state = 'empty';
      group.generation++;
    } else if (group.state === 'joining') maybeCompleteJoin(group);
    else startRebalance(group, `${memberId} ${kind}`);
  };

  // The group coordinator's session check: a member silent for its session timeout is out.
  const sessions = setInterval(() => {
    const now = Date.now();
    for (const group of groups.values()) {
      for (const member of [...group.members.values()]) {
        // A member waiting in JoinGroup is alive; the round's deadline decides for it.
        if (!member.joining && now - member.lastSeen > member.sessionTimeout) {
          removeMember(group, member.id, 'evicted', `no heartbeat for ${now - member.lastSeen} ms (session timeout ${member.sessionTimeout} ms)`);
        }
      }
    }
  }, 50);
  sessions.unref();

  // ------------------------------------------------------------------ requests

  type Handler = (d: Decoder, clientId: string) => Encoder | Promise<Encoder>;

  const partitionOf = (topic: string, partition: number): Partition | undefined => topics.get(topic)?.[partition];

  const handlers: Record<number, Handler> = {
    [API.ApiVersions[0]]: () =>
      new Encoder().int16(0).array(Object.values(API), (e, [key, version]) => void e.int16(key).int16(version).int16(version)),

    [API.Metadata[0]]: (d) => {
      const requested = d.array((x) => x.string()!);
      const names = requested ?? [...topics.keys()].filter((t) => !forbidden.has(t));
      return new Encoder()
        .array([0], (e) => void e.int32(NODE_ID).string('127.0.0.1').int32(port).string(null))
        .int32(NODE_ID)
        .array(names, (e, name) => {
          if (forbidden.has(name)) return void e.int16(KAFKA_ERRORS.TOPIC_AUTHORIZATION_FAILED).string(name).bool(false).array([], () => undefined);
          const partitions = topics.get(name);
          if (!partitions) return void e.int16(KAFKA_ERRORS.UNKNOWN_TOPIC_OR_PARTITION).string(name).bool(false).array([], () => undefined);
          e.int16(0)
            .string(name)
            .bool(false)
            .array(
              partitions.map((_, i) => i),
              (p, i) => void p.int16(0).int32(i).int32(NODE_ID).array([NODE_ID], (r, n) => void r.int32(n)).array([NODE_ID], (r, n) => void r.int32(n)),
            );
        });
    },

    [API.CreateTopics[0]]: (d) => {
      const requested = d.array((x) => {
        const name = x.string()!;
        const partitions = x.int32();
        const replication = x.int16();
        x.array((a) => (a.int32(), a.array((r) => r.int32())));
        x.array((c) => (c.string(), c.string()));
        return { name, partitions, replication };
      })!;
      d.int32(); // timeout
      return new Encoder().array(requested, (e, topic) => {
        events.push({ kind: 'create-topics', topic: topic.name, detail: options.createTopics ?? 'allow' });
        options.onCreateTopics?.(topic.name);
        const refusal = options.createTopics && options.createTopics !== 'allow' ? options.createTopics : null;
        let code: number = refusal ? KAFKA_ERRORS[refusal] : KAFKA_ERRORS.NONE;
        if (!refusal) {
          if (topics.has(topic.name)) code = KAFKA_ERRORS.TOPIC_ALREADY_EXISTS;
          else if (topic.replication !== -1 && topic.replication < (options.minReplicationFactor ?? 1)) code = KAFKA_ERRORS.INVALID_REPLICATION_FACTOR;
          else if (topic.replication > 1) code = KAFKA_ERRORS.INVALID_REPLICATION_FACTOR; // one broker
          else createTopic(topic.name, topic.partitions > 0 ? topic.partitions : undefined);
        }
        e.string(topic.name).int16(code);
      });
    },

    [API.InitProducerId[0]]: (d) => {
      d.string();
      d.int32();
      return new Encoder().int32(0).int16(0).int64(producerIds++).int16(0);
    },

    [API.Produce[0]]: (d) => {
      d.string(); // transactional id
      d.int16(); // acks
      d.int32(); // timeout
      const data = d.array((t) => ({ topic: t.string()!, partitions: t.array((p) => ({ partition: p.int32(), records: p.bytes() }))! }))!;
      return new Encoder()
        .array(data, (e, { topic, partitions }) => {
          e.string(topic).array(partitions, (pe, { partition, records }) => {
            const log = partitionOf(topic, partition);
            if (forbidden.has(topic) || !log) {
              return void pe.int32(partition).int16(forbidden.has(topic) ? KAFKA_ERRORS.TOPIC_AUTHORIZATION_FAILED : KAFKA_ERRORS.UNKNOWN_TOPIC_OR_PARTITION).int64(-1).int64(-1);
            }
            const base = log.next;
            let at = 0;
            const buf = records ?? Buffer.alloc(0);
            while (at + 12 <= buf.length) {
              const length = buf.readInt32BE(at + 8);
              const bytes = Buffer.from(buf.subarray(at, at + 12 + length));
              const count = bytes.readInt32BE(23) + 1; // lastOffsetDelta + 1
              bytes.writeBigInt64BE(log.next, 0);
              log.batches.push({ base: log.next, count, bytes });
              log.next += BigInt(count);
              at += 12 + length;
            }
            appended.emit('append');
            pe.int32(partition).int16(0).int64(base).int64(-1);
          });
        })
        .int32(0);
    },

    [API.ListOffsets[0]]: (d) => {
      d.int32();
      const data = d.array((t) => ({ topic: t.string()!, partitions: t.array((p) => ({ partition: p.int32(), timestamp: p.int64() }))! }))!;
      return new Encoder().array(data, (e, { topic, partitions }) => {
        e.string(topic).array(partitions, (pe, { partition, timestamp }) => {
          const log = partitionOf(topic, partition);
          if (!log || forbidden.has(topic)) return void pe.int32(partition).int16(forbidden.has(topic) ? KAFKA_ERRORS.TOPIC_AUTHORIZATION_FAILED : KAFKA_ERRORS.UNKNOWN_TOPIC_OR_PARTITION).int64(-1).int64(-1);
          // -2: the earliest retained offset; -1 (or any time): the log end.
          pe.int32(partition).int16(0).int64(-1).int64(timestamp === -2n ? (log.batches[0]?.base ?? log.next) : log.next);
        });
      });
    },

    [API.Fetch[0]]: async (d) => {
      d.int32(); // replica
      const maxWait = d.int32();
      d.int32(); // min bytes
      d.int32(); // max bytes
      d.int8(); // isolation
      const data = d.array((t) => ({ topic: t.string()!, partitions: t.array((p) => ({ partition: p.int32(), offset: p.int64(), maxBytes: p.int32() }))! }))!;
      const available = () =>
        data.some(({ topic, partitions }) => partitions.some(({ partition, offset }) => (partitionOf(topic, partition)?.next ?? 0n) > offset));
      if (!available()) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            appended.off('append', check);
            resolve();
          };
          const check = () => available() && done();
          const timer = setTimeout(done, Math.min(maxWait, 1000));
          appended.on('append', check);
        });
      }
      return new Encoder().int32(0).array(data, (e, { topic, partitions }) => {
        e.string(topic).array(partitions, (pe, { partition, offset, maxBytes }) => {
          const log = partitionOf(topic, partition);
          if (!log || forbidden.has(topic)) {
            return void pe.int32(partition).int16(forbidden.has(topic) ? KAFKA_ERRORS.TOPIC_AUTHORIZATION_FAILED : KAFKA_ERRORS.UNKNOWN_TOPIC_OR_PARTITION).int64(-1).int64(-1).array([], () => undefined).bytes(null);
          }
          const chunks: Buffer[] = [];
          let size = 0;
          for (const batch of log.batches) {
            if (batch.base + BigInt(batch.count) <= offset) continue;
            if (size > 0 && size + batch.bytes.length > maxBytes) break;
            chunks.push(batch.bytes);
            size += batch.bytes.length;
          }
          pe.int32(partition).int16(0).int64(log.next).int64(log.next).array([], () => undefined).bytes(Buffer.concat(chunks));
        });
      });
    },

    [API.FindCoordinator[0]]: (d) => {
      d.string();
      return new Encoder().int16(0).int32(NODE_ID).string('127.0.0.1').int32(port);
    },

    [API.JoinGroup[0]]: (d, clientId) => {
      const groupId = d.string()!;
      const sessionTimeout = d.int32();
      const rebalanceTimeout = d.int32();
      let memberId = d.string() ?? '';
      const protocolType = d.string()!;
      const protocols = d.array((p) => ({ name: p.string()!, metadata: p.bytes() ?? Buffer.alloc(0) }))!;
      const group = groupOf(groupId);
      if (memberId && !group.members.has(memberId)) {
        return new Encoder().int16(KAFKA_ERRORS.UNKNOWN_MEMBER_ID).int32(-1).string('').string('').string(memberId).array([], () => undefined);
      }
      if (!memberId) {
        memberId = `${clientId}-${randomUUID()}`;
        group.members.set(memberId, { id: memberId, clientId, sessionTimeout, rebalanceTimeout, protocols, lastSeen: Date.now() });
        events.push({ kind: 'joined', group: groupId, member: memberId });
      }
      const member = group.members.get(memberId)!;
      Object.assign(member, { sessionTimeout, rebalanceTimeout, protocols, lastSeen: Date.now() });
      group.protocolType = protocolType;
      return new Promise<Encoder>((resolve) => {
        member.joining = resolve;
        startRebalance(group, `${memberId} joins`);
        maybeCompleteJoin(group);
      });
    },

    [API.SyncGroup[0]]: (d) => {
      const groupId = d.string()!;
      const generation = d.int32();
      const memberId = d.string()!;
      const assignments = d.array((a) => ({ member: a.string()!, assignment: a.bytes() ?? Buffer.alloc(0) }))!;
      const group = groups.get(groupId);
      const member = group?.members.get(memberId);
      if (!group || !member) return new Encoder().int16(KAFKA_ERRORS.UNKNOWN_MEMBER_ID).bytes(Buffer.alloc(0));
      if (group.state === 'joining') return new Encoder().int16(KAFKA_ERRORS.REBALANCE_IN_PROGRESS).bytes(Buffer.alloc(0));
      if (generation !== group.generation) return new Encoder().int16(KAFKA_ERRORS.ILLEGAL_GENERATION).bytes(Buffer.alloc(0));
      member.lastSeen = Date.now();
      if (memberId === group.leader) {
        for (const { member: id, assignment } of assignments) group.assignments.set(id, Buffer.from(assignment));
        group.state = 'stable';
        for (const other of group.members.values()) {
          if (other.syncing) {
            other.syncing(new Encoder().int16(0).bytes(group.assignments.get(other.id) ?? Buffer.alloc(0)));
            other.syncing = undefined;
          }
        }
      }
      if (group.state === 'stable') return new Encoder().int16(0).bytes(group.assignments.get(memberId) ?? Buffer.alloc(0));
      return new Promise<Encoder>((resolve) => (member.syncing = resolve));
    },

    [API.Heartbeat[0]]: (d) => {
      const groupId = d.string()!;
      const generation = d.int32();
      const memberId = d.string()!;
      const group = groups.get(groupId);
      const member = group?.members.get(memberId);
      if (!group || !member) return new Encoder().int16(KAFKA_ERRORS.UNKNOWN_MEMBER_ID);
      member.lastSeen = Date.now();
      if (group.state === 'joining') return new Encoder().int16(KAFKA_ERRORS.REBALANCE_IN_PROGRESS);
      if (generation !== group.generation) return new Encoder().int16(KAFKA_ERRORS.ILLEGAL_GENERATION);
      return new Encoder().int16(0);
    },

    [API.LeaveGroup[0]]: (d) => {
      const groupId = d.string()!;
      const memberId = d.string()!;
      const group = groups.get(groupId);
      if (!group?.members.has(memberId)) return new Encoder().int16(KAFKA_ERRORS.UNKNOWN_MEMBER_ID);
      removeMember(group, memberId, 'left');
      return new Encoder().int16(0);
    },

    [API.OffsetCommit[0]]: (d) => {
      const groupId = d.string()!;
      const generation = d.int32();
      const memberId = d.string()!;
      d.int64(); // retention
      const data = d.array((t) => ({ topic: t.string()!, partitions: t.array((p) => ({ partition: p.int32(), offset: p.int64(), metadata: p.string() }))! }))!;
      const group = groupOf(groupId);
      const member = group.members.get(memberId);
      // Kafka refuses commits from a member the group no longer has, or of an old generation.
      // While a rebalance is being prepared (members rejoining) a member of the current
      // generation may still commit: that is how one finishing a long message before it
      // rejoins keeps its work (GroupCoordinator accepts commits in PreparingRebalance); once
      // the join round is over and the assignment awaited (CompletingRebalance), it may not.
      let code: number = KAFKA_ERRORS.NONE;
      if (generation >= 0) {
        if (!member) code = KAFKA_ERRORS.UNKNOWN_MEMBER_ID;
        else if (group.state === 'syncing') code = KAFKA_ERRORS.REBALANCE_IN_PROGRESS;
        else if (generation !== group.generation) code = KAFKA_ERRORS.ILLEGAL_GENERATION;
      }
      if (member) member.lastSeen = Date.now();
      return new Encoder().array(data, (e, { topic, partitions }) => {
        e.string(topic).array(partitions, (pe, { partition, offset }) => {
          if (code === KAFKA_ERRORS.NONE) {
            group.offsets.set(`${topic}:${partition}`, offset);
            events.push({ kind: 'commit', group: groupId, topic, detail: `${partition}@${offset}` });
          }
          pe.int32(partition).int16(code);
        });
      });
    },

    [API.OffsetFetch[0]]: (d) => {
      const groupId = d.string()!;
      const data = d.array((t) => ({ topic: t.string()!, partitions: t.array((p) => p.int32())! }))!;
      const group = groups.get(groupId);
      return new Encoder().array(data, (e, { topic, partitions }) => {
        e.string(topic).array(partitions, (pe, partition) => void pe.int32(partition).int64(group?.offsets.get(`${topic}:${partition}`) ?? -1n).string('').int16(0));
      });
    },
  };

  const versions = new Map<number, number>(Object.values(API).map(([key, version]) => [key, version]));

  const serve = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
        const size = pending.readInt32BE(0);
        const frame = pending.subarray(4, 4 + size);
        pending = pending.subarray(4 + size);
        const d = new Decoder(frame);
        const apiKey = d.int16();
        const apiVersion = d.int16();
        const correlationId = d.int32();
        const clientId = d.string() ?? '';
        const reply = (body: Encoder) => {
          const payload = Buffer.concat([new Encoder().int32(correlationId).buffer(), body.buffer()]);
          if (!socket.destroyed) socket.write(Buffer.concat([new Encoder().int32(payload.length).buffer(), payload]));
        };
        const handler = handlers[apiKey];
        if (!handler || versions.get(apiKey) !== apiVersion) {
          // Clients read the error code first in every version of ApiVersions and fall back.
          reply(new Encoder().int16(KAFKA_ERRORS.UNSUPPORTED_VERSION).array([], () => undefined));
          continue;
        }
        Promise.resolve(handler(d, clientId)).then(reply, () => socket.destroy());
      }
    });
  };

  const server: Server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    address: `127.0.0.1:${port}`,
    port,
    events,
    createTopic,
    forbid: (topic) => void forbidden.add(topic),
    topicNames: () => [...topics.keys()].sort(),
    messages(topic) {
      const out: ReturnType<FakeKafka['messages']> = [];
      (topics.get(topic) ?? []).forEach((log, partition) => {
        for (const batch of log.batches) {
          // Records start after the 61-byte batch header; attributes say no compression here.
          let at = 61;
          for (let i = 0; i < batch.count; i++) {
            let length: number;
            [length, at] = readVarint(batch.bytes, at);
            const end = at + length;
            at += 1; // attributes
            [, at] = readVarint(batch.bytes, at); // timestamp delta
            let delta: number;
            [delta, at] = readVarint(batch.bytes, at);
            let key: Buffer | null;
            let value: Buffer | null;
            [key, at] = readVarintBytes(batch.bytes, at);
            [value, at] = readVarintBytes(batch.bytes, at);
            let count: number;
            [count, at] = readVarint(batch.bytes, at);
            const headers: Record<string, string> = {};
            for (let h = 0; h < count; h++) {
              let name: Buffer | null;
              let content: Buffer | null;
              [name, at] = readVarintBytes(batch.bytes, at);
              [content, at] = readVarintBytes(batch.bytes, at);
              headers[name?.toString() ?? ''] = content?.toString() ?? '';
            }
            out.push({ partition, offset: batch.base + BigInt(delta), key: key?.toString() ?? null, value: value?.toString() ?? null, headers });
            at = end;
          }
        }
      });
      return out;
    },
    committed(group) {
      return Object.fromEntries(groups.get(group)?.offsets ?? []);
    },
    groupIds: () => [...groups.keys()],
    async close() {
      clearInterval(sessions);
      for (const group of groups.values()) {
        clearTimeout(group.roundTimer);
        clearTimeout(group.roundDeadline);
      }
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
