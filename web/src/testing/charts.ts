/**
 * Lets recharts render in jsdom, which has no layout: a ResizeObserver that observes nothing,
 * and the warning each chart gives for its zero-sized container kept off the console (any
 * other warning still shows). Call it in beforeAll.
 */
import { jest } from '@jest/globals';

export function renderChartsWithoutLayout(): void {
  const warn = console.warn.bind(console);
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
