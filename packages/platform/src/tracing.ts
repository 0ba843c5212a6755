/**
 * Optional OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then spans of
 * incoming and outgoing HTTP (Koa's routes named), Kafka produce and consume, and MongoDB
 * calls go to that OTLP/HTTP endpoint (`<endpoint>/v1/traces`, or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given), batched. The SDK is imported only then, so
 * the default path loads none of it. The SDK's own OTEL_* variables (OTEL_SERVICE_NAME,
 * OTEL_BSP_SCHEDULE_DELAY, OTEL_EXPORTER_OTLP_HEADERS, ...) apply as documented by
 * OpenTelemetry.
 *
 *   const tracing = await startTracing('ingest', config.OTEL_EXPORTER_OTLP_ENDPOINT, logger);
 *   ...
 *   await tracing.shutdown();   // flushes what is still batched
 */
import { createRequire } from 'node:module';
import type { Logger } from 'pino';

export interface Tracing {
  /** Whether spans are exported. */
  enabled: boolean;
  /** Exports what is batched and stops. */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { enabled: false, shutdown: async () => undefined };

/** Probes and scrapes are not traced: they would drown the requests that matter. */
const UNTRACED = /^\/(healthz|readyz|metrics)(\?|$)/;

export async function startTracing(service: string, endpoint: string | undefined, logger?: Logger, env: Record<string, string | undefined> = process.env): Promise<Tracing> {
  if (!endpoint) return OFF;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { registerInstrumentations }, { HttpInstrumentation }, { KoaInstrumentation }, { KafkaJsInstrumentation }, { MongooseInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-koa'),
      import('@opentelemetry/instrumentation-kafkajs'),
      import('@opentelemetry/instrumentation-mongoose'),
    ]);
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || `${endpoint.replace(/\/+$/, '')}/v1/traces`;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || `citecheck-${service}` }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? '') }),
      new KoaInstrumentation(),
      new KafkaJsInstrumentation(),
      new MongooseInstrumentation(),
    ],
  });
  // The instrumentations patch a module when it is next required; these were loaded before
  // tracing could start (the runner imports them), so require them again now.
  const require = createRequire(__filename);
  for (const name of ['http', 'https', 'koa', 'kafkajs', 'mongoose']) require(name);
  logger?.info({ url }, 'exporting traces');
  return {
    enabled: true,
    shutdown: async () => {
      unregister();
      await provider.shutdown();
    },
  };
}
