/**
 * The embedded server as `npm start` runs it, except that validation holds every document for
 * HOLD_VALIDATION_MS before checking it: the crash-recovery test kills the process while a
 * document sits between extraction and validation. Test support only; the product's
 * configuration has no such setting.
 */
import { installShutdown, createLogger } from '@citecheck/platform';
import { startEmbedded } from '../../../gateway/src/embedded';

const holdMs = Number(process.env.HOLD_VALIDATION_MS ?? '0');

startEmbedded({ deps: { validation: { beforeEachDocument: () => new Promise((resolve) => setTimeout(resolve, holdMs)) } } })
  .then((embedded) => installShutdown(createLogger('gateway', 'info'), [{ name: 'embedded server', run: embedded.close }]))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
