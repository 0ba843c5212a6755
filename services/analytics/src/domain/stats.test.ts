import { computeStats } from './stats';

describe('admin stats', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const record = (createdAt: string, citationCount: number, processingTimeMs: number, ocrUsed: boolean) => ({ createdAt, citationCount, processingTimeMs, ocrUsed });

  it('totals, average over finished documents, OCR count and a 7-day daily usage with empty days', () => {
    const stats = computeStats(
      [
        record('2026-03-10T08:00:00Z', 12, 1000, true),
        record('2026-03-10T09:00:00Z', 3, 3000, false),
        record('2026-03-08T09:00:00Z', 5, 0, false), // still processing
        record('2026-02-01T09:00:00Z', 7, 2000, true), // before the week
      ],
      now,
    );
    expect(stats).toEqual({
      totalDocuments: 4,
      totalCitations: 27,
      avgProcessingTime: 2000,
      ocrUsageCount: 2,
      dailyUsage: [
        { date: '2026-03-04', count: 0 }, { date: '2026-03-05', count: 0 }, { date: '2026-03-06', count: 0 }, { date: '2026-03-07', count: 0 },
        { date: '2026-03-08', count: 1 }, { date: '2026-03-09', count: 0 }, { date: '2026-03-10', count: 2 },
      ],
    });
  });

  it('is zeros with no documents', () => {
    expect(computeStats([], now)).toMatchObject({ totalDocuments: 0, totalCitations: 0, avgProcessingTime: 0, ocrUsageCount: 0 });
  });
});
