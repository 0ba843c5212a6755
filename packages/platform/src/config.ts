/**
 * Configuration comes only from environment variables, parsed once at start-up with zod.
 * Every variable has a default that makes embedded mode work with nothing set; a bad value
 * fails fast with one line per variable, so an operator fixes them all in one go.
 *
 * Services extend the schema with their own variables:
 *
 *   const schema = platformConfigSchema.extend({ COURTLISTENER_TOKEN: z.string().optional() });
 *   const config = loadConfig(schema);
 *
 * Defaults that depend on other variables (BUS/STORE/BLOBS from MODE, PUBLIC_URL from PORT)
 * and checks across variables (MONGO_URL required when STORE=mongo) live in `loadConfig`,
 * not in the schema, because a refined or transformed zod object can no longer be extended.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { cidrProblem } from './http/client-ip';

/** An integer variable within [min, max]; reads `"8080"` as 8080. */
export function envInt(min: number, max: number) {
  const reason = `expected a whole number from ${min} to ${max}`;
  return z.string().transform((raw, ctx) => {
    const value = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      ctx.addIssue({ code: 'custom', message: reason });
      return z.NEVER;
    }
    return value;
  });
}

/** One of a fixed set of words. */
export function envEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().transform((raw, ctx) => {
    const value = raw.trim();
    if (!(values as readonly string[]).includes(value)) {
      ctx.addIssue({ code: 'custom', message: `expected one of ${values.join(', ')}` });
      return z.NEVER;
    }
    return value as T[number];
  });
}

/** A comma-separated list; blanks are dropped (`"a, b,"` is `["a", "b"]`). */
export function envList() {
  return z.string().transform((raw, ctx) => {
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'expected a comma-separated list with at least one item' });
      return z.NEVER;
    }
    return items;
  });
}

/** An absolute http(s) URL, kept as written minus a trailing slash. */
export function envUrl(protocols: string[] = ['http:', 'https:']) {
  return z.string().transform((raw, ctx) => {
    let url: URL | undefined;
    try {
      url = new URL(raw.trim());
    } catch {
      url = undefined;
    }
    if (!url || !protocols.includes(url.protocol)) {
      ctx.addIssue({ code: 'custom', message: `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` });
      return z.NEVER;
    }
    return raw.trim().replace(/\/+$/, '');
  });
}

/** A comma-separated list of IP addresses and CIDRs; empty or unset is none. */
export function envCidrList() {
  return z.string().transform((raw, ctx) => {
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    for (const item of items) {
      const problem = cidrProblem(item);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
    }
    return items;
  });
}

/** An address to listen on: an IPv4 or IPv6 address, or `localhost`. */
export function envBindAddress() {
  return z.string().transform((raw, ctx) => {
    const value = raw.trim();
    if (value !== 'localhost' && isIP(value) === 0) {
      ctx.addIssue({ code: 'custom', message: 'expected an IP address to listen on (0.0.0.0 for every interface, 127.0.0.1 for this machine only)' });
      return z.NEVER;
    }
    return value;
  });
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const platformConfigSchema = z.object({
  NODE_ENV: envEnum(['development', 'test', 'production'] as const).default('development'),
  MODE: envEnum(['embedded', 'distributed'] as const).default('embedded'),
  PORT: envInt(1, 65535).default(8080),
  /**
   * The ops listener: Prometheus `/metrics`, `/healthz` and `/readyz` for scrapers and probes,
   * never the public edge. 0 picks a free port (tests running several processes at once).
   */
  OPS_PORT: envInt(0, 65535).default(9464),
  /**
   * The address PORT listens on. Default: 127.0.0.1 in embedded mode (the laptop install serves
   * this machine only; set 0.0.0.0 to serve the network, with PUBLIC_URL the address people use),
   * 0.0.0.0 in distributed mode (a container is reached from outside it). Filled in by loadConfig.
   */
  BIND_ADDRESS: envBindAddress().optional(),
  /** The address OPS_PORT listens on; default BIND_ADDRESS. */
  OPS_BIND_ADDRESS: envBindAddress().optional(),
  /**
   * When set, the ops port's Prometheus `/metrics` answers only `Authorization: Bearer <token>`
   * (the probes stay open). 16+ characters.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  DATA_DIR: z.string().default('./data'),
  /** Default: http://localhost:${PORT}, filled in by loadConfig. */
  PUBLIC_URL: envUrl().optional(),
  LOG_LEVEL: envEnum(LOG_LEVELS).default('info'),
  /** Default: embedded in embedded mode, kafka in distributed mode. */
  BUS: envEnum(['embedded', 'kafka'] as const).optional(),
  /** Default: sqlite in embedded mode, mongo in distributed mode. */
  STORE: envEnum(['sqlite', 'mongo'] as const).optional(),
  /** Default: fs in embedded mode, gridfs in distributed mode. */
  BLOBS: envEnum(['fs', 'gridfs'] as const).optional(),
  KAFKA_BROKERS: envList().optional(),
  KAFKA_CLIENT_ID: z.string().default('citecheck'),
  /** Partitions of the topics the bus creates: the most replicas of one consumer that get work. */
  KAFKA_PARTITIONS: envInt(1, 1000).default(6),
  /** Replication of the topics the bus creates; -1 is the broker's default. */
  KAFKA_REPLICATION_FACTOR: envInt(-1, 10).default(-1),
  /**
   * Ask Kafka to create a missing topic (true) or only check that it exists (false: topics
   * managed outside the services, by ACLs without CREATE, Strimzi KafkaTopic resources or Terraform).
   */
  KAFKA_CREATE_TOPICS: envEnum(['true', 'false'] as const).default('true'),
  /** Put before every topic and consumer group: releases sharing one Kafka (e.g. "staging."). */
  KAFKA_TOPIC_PREFIX: z.string().regex(/^[A-Za-z0-9._-]*$/, 'expected letters, digits, ".", "_" or "-"').default(''),
  /** A managed Kafka: TLS to the brokers ("true"), and SASL credentials when a mechanism is set. */
  KAFKA_SSL: envEnum(['true', 'false'] as const).default('false'),
  /**
   * TLS with a private CA (Strimzi's cluster CA, a company CA) and/or a client certificate
   * (mutual TLS): PEM files, mounted from a Secret. Setting any of them turns TLS on.
   */
  KAFKA_SSL_CA_FILE: z.string().optional(),
  KAFKA_SSL_CERT_FILE: z.string().optional(),
  KAFKA_SSL_KEY_FILE: z.string().optional(),
  /** Time to open one broker connection, TLS and SASL included (kafkajs's own default, 1 s, is short for a managed Kafka). */
  KAFKA_CONNECTION_TIMEOUT_MS: envInt(100, 120_000).default(10_000),
  KAFKA_SASL_MECHANISM: envEnum(['plain', 'scram-sha-256', 'scram-sha-512'] as const).optional(),
  KAFKA_SASL_USERNAME: z.string().optional(),
  KAFKA_SASL_PASSWORD: z.string().optional(),
  MONGO_URL: envUrl(['mongodb:', 'mongodb+srv:']).optional(),
  /**
   * How long SIGTERM's drain may take before the process exits anyway. Kept under the pod's
   * terminationGracePeriodSeconds minus its preStop pause, so Kubernetes never has to SIGKILL.
   */
  SHUTDOWN_TIMEOUT_MS: envInt(100, 600_000).default(20_000),
  /**
   * Proxies (IPs or CIDRs, comma-separated) whose X-Forwarded-For is believed. Empty by
   * default: a client's own header never picks the address that per-IP limits count.
   */
  TRUSTED_PROXIES: envCidrList().default([]),
  /**
   * An OTLP/HTTP collector (http://otel-collector:4318): traces are exported there when set,
   * and the OpenTelemetry SDK is not even loaded when not (tracing.ts).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: envUrl().optional(),
});

type RawPlatformConfig = z.output<typeof platformConfigSchema>;

/** The variables whose defaults `loadConfig` resolves, so they are never undefined after it. */
interface ResolvedPlatformFields {
  PUBLIC_URL: string;
  BIND_ADDRESS: string;
  OPS_BIND_ADDRESS: string;
  BUS: 'embedded' | 'kafka';
  STORE: 'sqlite' | 'mongo';
  BLOBS: 'fs' | 'gridfs';
}

export type Resolved<T> = Omit<T, keyof ResolvedPlatformFields> & ResolvedPlatformFields;
export type PlatformConfig = Resolved<RawPlatformConfig>;

/**
 * Shared secrets that were published (in this repository's files or its history): a token an
 * attacker can read gives them the services' internal routes and the mail-link sealing key.
 * Outside development, start-up refuses them, as it refuses one that says to change it.
 */
export const PUBLISHED_SECRETS: readonly string[] = ['compose-local-internal-token-change-me'];

/** Why `token` may not be used as INTERNAL_TOKEN outside development, or null when it may. */
export function publishedSecretProblem(token: string): string | null {
  if (PUBLISHED_SECRETS.includes(token.trim()) || /change[-_ ]?me/i.test(token)) {
    return 'a published example value: set 16+ random characters of your own (e.g. openssl rand -hex 32)';
  }
  return null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses `env` with `schema` (the platform schema or an extension of it). Throws ConfigError
 * listing every bad variable, one per line, e.g. `PORT: expected a whole number from 1 to
 * 65535, got "abc"` or `MONGO_URL: required when STORE=mongo`.
 */
export function loadConfig<S extends z.ZodType<RawPlatformConfig, Record<string, unknown>>>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): Resolved<z.output<S>> {
  // `FOO=` in a .env file means "not set", not "set to the empty string".
  const input: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') input[name] = value;
  }

  const problems: string[] = [];
  const seen = new Set<string>();
  const report = (name: string, reason: string) => {
    if (seen.has(name)) return; // the first reason per variable is the useful one
    seen.add(name);
    problems.push(input[name] === undefined ? `${name}: ${reason}` : `${name}: ${reason}, got ${JSON.stringify(input[name])}`);
  };

  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.map(String).join('.') || '(environment)';
      const missing = issue.path.length > 0 && input[String(issue.path[0])] === undefined;
      report(name, missing && issue.code === 'invalid_type' ? 'required' : issue.message);
    }
  }

  // Cross-variable rules read each platform variable on its own, so they still run (and a
  // single pass reports every problem) when some other variable failed to parse.
  const data: Partial<RawPlatformConfig> = {};
  for (const [name, field] of Object.entries(platformConfigSchema.shape)) {
    const one = (field as z.ZodType).safeParse(input[name]);
    if (one.success) (data as Record<string, unknown>)[name] = one.data;
  }
  const mode = data.MODE ?? 'embedded';
  const distributed = mode === 'distributed';
  const bind = data.BIND_ADDRESS ?? (distributed ? '0.0.0.0' : '127.0.0.1');
  const resolved: ResolvedPlatformFields = {
    PUBLIC_URL: data.PUBLIC_URL ?? `http://localhost:${data.PORT ?? 8080}`,
    BIND_ADDRESS: bind,
    OPS_BIND_ADDRESS: data.OPS_BIND_ADDRESS ?? bind,
    BUS: data.BUS ?? (distributed ? 'kafka' : 'embedded'),
    STORE: data.STORE ?? (distributed ? 'mongo' : 'sqlite'),
    BLOBS: data.BLOBS ?? (distributed ? 'gridfs' : 'fs'),
  };
  if (!seen.has('KAFKA_BROKERS') && resolved.BUS === 'kafka' && !data.KAFKA_BROKERS) {
    report('KAFKA_BROKERS', `required when BUS=kafka${data.BUS ? '' : ` (the default when MODE=${mode})`}`);
  }
  if (data.KAFKA_SASL_MECHANISM) {
    for (const name of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const) {
      if (!seen.has(name) && !data[name]) report(name, 'required when KAFKA_SASL_MECHANISM is set');
    }
  }
  if (!data.KAFKA_SSL_CERT_FILE !== !data.KAFKA_SSL_KEY_FILE) {
    const name = data.KAFKA_SSL_CERT_FILE ? 'KAFKA_SSL_KEY_FILE' : 'KAFKA_SSL_CERT_FILE';
    if (!seen.has(name)) report(name, 'required with the other of KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE (a client certificate and its key)');
  }
  if (!seen.has('MONGO_URL') && !data.MONGO_URL) {
    const needs = [resolved.STORE === 'mongo' ? 'STORE=mongo' : null, resolved.BLOBS === 'gridfs' ? 'BLOBS=gridfs' : null].filter(Boolean);
    if (needs.length > 0) {
      report('MONGO_URL', `required when ${needs.join(' or ')}${data.STORE || data.BLOBS ? '' : ` (the default when MODE=${mode})`}`);
    }
  }

  // Outside development a known shared secret is no secret (see PUBLISHED_SECRETS); a missing
  // one in distributed mode is refused by the runners (deploy-env.ts).
  if (!seen.has('INTERNAL_TOKEN') && input.INTERNAL_TOKEN !== undefined && (data.NODE_ENV ?? 'development') !== 'development') {
    const problem = publishedSecretProblem(input.INTERNAL_TOKEN);
    // Named without its value: the line is printed, and a secret never is.
    if (problem) problems.push(`INTERNAL_TOKEN: ${problem}`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return { ...(parsed.success ? parsed.data : {}), ...resolved } as Resolved<z.output<S>>;
}
