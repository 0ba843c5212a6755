/**
 * A service for the drain test: one consumer of `document.uploaded` whose handler takes
 * SLOW_HANDLER_MS and records each start and finish, one line per event, in MARKS_FILE.
 * Run standalone by `runService`, exactly as a real service's main.ts is.
 */
import { appendFileSync } from 'node:fs';
import { parse } from 'graphql';
import { defineService, platformConfigSchema, runService } from '@citecheck/platform';

const marks = process.env.MARKS_FILE!;
const slowMs = Number(process.env.SLOW_HANDLER_MS ?? 1500);

runService(
  defineService({
    name: 'slowpoke',
    config: platformConfigSchema,
    create: async () => ({
      typeDefs: parse('type Query { slowpokeHealth: Boolean }'),
      resolvers: { Query: { slowpokeHealth: () => true } },
      consumers: [
        {
          topic: 'document.uploaded',
          group: 'slowpoke',
          handle: async (event) => {
            appendFileSync(marks, `start ${event.id}\n`);
            await new Promise((resolve) => setTimeout(resolve, slowMs));
            appendFileSync(marks, `finish ${event.id}\n`);
          },
          options: { maxAttempts: 1 },
        },
      ],
    }),
  }),
);
