/**
 * The correlation id of the work in hand: the id of the HTTP request that started it (an
 * upload), carried by every event that work publishes and by every event published while
 * handling those, so one brief's path through every service can be followed in the logs.
 * It lives in AsyncLocalStorage, so neither use cases nor repositories pass it along: the
 * HTTP app sets it per request, the bus per delivered event (`correlatedBus`), the logger
 * writes it on every line, and publishing stamps it on the envelope.
 *
 *   withCorrelationId(id, () => handler(event));   // what the bus does per delivery
 *   currentCorrelationId();                         // the id, or undefined outside any work
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventEnvelope } from '@citecheck/proto';
import type { Logger } from 'pino';
import type { Bus } from './ports';

const storage = new AsyncLocalStorage<string>();

/** Ids accepted from outside (a trusted proxy's header, an event): anything else is not echoed into logs and headers. */
export const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function currentCorrelationId(): string | undefined {
  return storage.getStore();
}

export function withCorrelationId<T>(correlationId: string, work: () => T): T {
  return storage.run(correlationId, work);
}

/**
 * `bus` with correlation: an event published during a request or a handler carries that
 * work's id (events published outside any, such as a resume at start-up, keep the one they
 * were created with), and each handler runs under the id of the event it handles. With a
 * logger, each delivery is logged (debug) under that id, keyed as the event is (a document).
 */
export function correlatedBus(bus: Bus, logger?: Logger): Bus {
  return {
    publish(topic, key, event) {
      const correlationId = currentCorrelationId();
      return bus.publish(topic, key, correlationId && correlationId !== event.correlationId ? { ...event, correlationId } : event);
    },
    subscribe(topic, group, handler, options) {
      const handle = (event: EventEnvelope, delivery: Parameters<typeof handler>[1]) => {
        logger?.debug({ topic, group, key: delivery.key, eventId: event?.id, attempt: delivery.attempt }, 'event delivered');
        return handler(event, delivery);
      };
      return bus.subscribe(
        topic,
        group,
        (event: EventEnvelope, delivery) =>
          typeof event?.correlationId === 'string' && CORRELATION_ID.test(event.correlationId) ? withCorrelationId(event.correlationId, () => handle(event, delivery)) : handle(event, delivery),
        options,
      );
    },
    close: () => bus.close(),
    ...(bus.health ? { health: () => bus.health!() } : {}),
  };
}
