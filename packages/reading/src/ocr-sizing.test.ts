/**
 * How many tesseract workers a process starts (and, warm, keeps): from the setting, the
 * container's CPU request and its memory limit, never from the node's core count alone. The
 * node's cores are faked: a 64-core node must not OOM-kill an extraction pod at boot.
 */
import os from 'node:os';
import { cgroupMemoryLimitMib, OCR_MEMORY, OcrPool, ocrPoolSize } from './ocr';

/** What a warm pool of `workers` takes at boot, by the measured figures. */
const bootMib = (workers: number) => OCR_MEMORY.baseMib + workers * OCR_MEMORY.perWorkerMib;

test.each([
  // cores, CPU request (m), memory limit (MiB), setting -> workers
  [64, 500, 1536, undefined, 1],
  [64, 2000, 1536, undefined, 2],
  [64, 2500, 1536, undefined, 3],
  [64, undefined, 1536, undefined, 15],
  [64, undefined, undefined, undefined, 64],
  [2, undefined, 1536, undefined, 2],
  [64, 500, 1536, 8, 8],
  [64, 500, 1536, 40, 15],
  [64, 500, 256, undefined, 1],
  [1, undefined, undefined, 0, 1],
])('%i cores, request %sm, limit %s MiB, setting %s: %i workers', (cores, cpuRequestMillicores, memoryLimitMib, setting, workers) => {
  expect(ocrPoolSize({ cores, cpuRequestMillicores, memoryLimitMib, setting })).toBe(workers);
});

test('a warm pool never takes more than half the memory limit', () => {
  for (const limit of [512, 768, 1024, 1536, 4096]) {
    const workers = ocrPoolSize({ cores: 64, memoryLimitMib: limit });
    expect(workers === 1 || bootMib(workers) <= limit * OCR_MEMORY.shareOfLimit).toBe(true);
  }
});

describe('on a 64-core node', () => {
  let cores: jest.SpyInstance;
  beforeEach(() => {
    cores = jest.spyOn(os, 'availableParallelism').mockReturnValue(64);
  });
  afterEach(() => cores.mockRestore());

  it('extraction under its 1536 MiB limit and 500m request starts one OCR worker, not 64', () => {
    // What extraction's service.ts passes from the chart's downward-API variables.
    const workers = ocrPoolSize({ cpuRequestMillicores: 500, memoryLimitMib: 1536 });
    expect(workers).toBe(1);
    expect(bootMib(workers)).toBeLessThan(1536);
    expect(new OcrPool({ size: workers }).size).toBe(1);
  });

  it('with no setting at all, the pool stays within the cgroup memory limit it runs under', () => {
    const limit = cgroupMemoryLimitMib();
    const pool = new OcrPool();
    if (limit === undefined) expect(pool.size).toBe(64);
    else expect(pool.size).toBe(ocrPoolSize({ cores: 64, memoryLimitMib: limit }));
  });
});

test('the cgroup limit: v2 memory.max, v1 limit_in_bytes, none', () => {
  expect(cgroupMemoryLimitMib((file) => (file.endsWith('memory.max') ? '1610612736\n' : ''))).toBe(1536);
  expect(
    cgroupMemoryLimitMib((file) => {
      if (file.endsWith('memory.max')) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return '1073741824';
    }),
  ).toBe(1024);
  expect(cgroupMemoryLimitMib((file) => (file.endsWith('memory.max') ? 'max' : '9223372036854771712'))).toBeUndefined();
});
