/**
 * One pino logger per service. Secrets and document contents never reach a log line: a
 * document's text, a password, a token, an authorization header, a cookie or a card detail
 * is replaced by "[redacted]" wherever it sits in the logged object.
 *
 * pino's own `redact` option takes fixed-depth paths (`*.password` misses both a top-level
 * `password` and `a.b.password`) and cannot express "any key starting with card", so the
 * redaction here walks the logged object by key name instead. Log objects are small; the
 * walk costs little next to serialisation.
 */
import pino, { type Logger } from 'pino';
import { currentCorrelationId } from './correlation';

export const REDACTED = '[redacted]';

/**
 * Keys whose values are never logged, at any depth. Matched case-insensitively against the
 * whole key. `text` is here because document text is the product's most sensitive data.
 */
const SECRET_KEY =
  /^(password|passwordHash|newPassword|currentPassword|token|.*Token|tokens|apiKey|secret|clientSecret|webhookSecret|authorization|cookie|set-cookie|claim|signInClaim|deviceToken|link|links|text|html|documentText|card.*|cvc|cvv)$/i;

/**
 * One-time links and tokens inside any string (a URL in an error message, a request line):
 * the value after `token=`, `claim=` and the like is replaced, the rest kept for debugging.
 */
const TOKEN_IN_TEXT = /([?&;\s](?:token|claim|code|key|sig|signature)=)[^&\s"'#]+/gi;
const BEARER_IN_TEXT = /(Bearer\s+)\S+/gi;
/** An API key (`cck_<id>_<secret>`) anywhere: its public id is kept, its secret replaced. */
const API_KEY_IN_TEXT = /\b(cck_[0-9a-f]{16}_)[A-Za-z0-9_-]{43}/g;

/** `text` with any token-looking query value and bearer credential replaced. */
export function scrubText(text: string): string {
  return text.replace(TOKEN_IN_TEXT, `$1${REDACTED}`).replace(BEARER_IN_TEXT, `$1${REDACTED}`).replace(API_KEY_IN_TEXT, `$1${REDACTED}`);
}

/** The dotted paths the redaction covers, for documentation and tests. */
export const redactedPaths = [
  '*.password',
  '*.token',
  '*.sessionToken',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.text',
  '*.documentText',
  '*.card*',
];

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A copy of `value` with secret keys replaced; Errors are kept (pino's serializer renders them). */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error || value instanceof Date || Buffer.isBuffer(value)) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) && item !== undefined && item !== null ? REDACTED : redact(item, seen);
  }
  return out;
}

/** pino's error serializer, with tokens scrubbed from the message and stack (an HTTP client's error names the URL). */
function scrubbedError(error: Error): Record<string, unknown> {
  const out = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  for (const key of ['message', 'stack']) if (typeof out[key] === 'string') out[key] = scrubText(out[key] as string);
  return out;
}

/**
 * `createLogger('ingest', 'info')`; the second argument is usually `config.LOG_LEVEL`.
 * `destination` lets tests capture output.
 */
export function createLogger(service: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (object) => redact(object) as Record<string, unknown>,
    },
    // The message string too: a caller may interpolate a URL into it.
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>);
      },
    },
    serializers: { err: scrubbedError, error: scrubbedError },
    // The request or event being handled, on every line written while handling it.
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
