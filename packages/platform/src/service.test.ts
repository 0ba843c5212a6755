import { z } from 'zod';
import { parse } from 'graphql';
import { platformConfigSchema } from './config';
import type { Bus, EventHandler, Ports } from './ports';
import { buildService, defineService } from './service';

/** A bus that records what happens to subscriptions, in order, beside the service's own steps. */
function recordingBus(log: string[]): Bus {
  return {
    publish: async () => undefined,
    async subscribe(topic: string, group: string, _handler: EventHandler) {
      log.push(`subscribe ${topic}/${group}`);
      return { close: async () => void log.push(`close ${topic}`) };
    },
    close: async () => undefined,
  };
}

const typeDefs = parse(`
  type Query {
    probe: Boolean
  }
`);

function probeService(log: string[], healthy = true) {
  return defineService({
    name: 'probe',
    config: platformConfigSchema.extend({ PROBE: z.string().optional() }),
    create: async (_ports, _config, deps: { greeting: string }) => ({
      typeDefs,
      resolvers: {},
      consumers: [
        { topic: 'a', group: 'probe', handle: async () => undefined },
        { topic: 'b', group: 'probe', handle: async () => undefined },
      ],
      start: async () => void log.push('start'),
      resume: async () => void log.push('resume'),
      stop: async () => void log.push('stop'),
      health: async () => ({ ok: healthy, details: { greeting: deps.greeting } }),
      api: { hello: () => deps.greeting },
    }),
  });
}

const config = {} as never;

describe('buildService', () => {
  it('opens before the consumers subscribe, resumes once they listen, and closes them before stopping', async () => {
    const log: string[] = [];
    const service = await buildService(probeService(log), { bus: recordingBus(log) } as Ports, config, { greeting: 'hi' });
    await service.start();
    expect(log).toEqual(['start', 'subscribe a/probe', 'subscribe b/probe', 'resume']);
    log.length = 0;
    await service.stop();
    expect(log).toEqual(['close a', 'close b', 'stop']);
  });

  it('is healthy only while every consumer is subscribed and the service says so', async () => {
    const log: string[] = [];
    const service = await buildService(probeService(log), { bus: recordingBus(log) } as Ports, config, { greeting: 'hi' });
    expect(await service.health()).toEqual({ ok: false, details: { greeting: 'hi' } });
    await service.start();
    expect(await service.health()).toEqual({ ok: true, details: { greeting: 'hi' } });
    await service.stop();
    expect((await service.health()).ok).toBe(false);

    const sick = await buildService(probeService([], false), { bus: recordingBus([]) } as Ports, config, { greeting: 'hi' });
    await sick.start();
    expect((await sick.health()).ok).toBe(false);
  });

  it('hands on what the service offers others, and mounts an empty router when it has no routes', async () => {
    const service = await buildService(probeService([]), { bus: recordingBus([]) } as Ports, config, { greeting: 'hello' });
    expect(service.api.hello()).toBe('hello');
    expect(service.routes.stack).toEqual([]);
    expect(service.name).toBe('probe');
  });
});
