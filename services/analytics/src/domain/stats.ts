/**
 * SPEC.md section 3's admin stats from the usage records. Pure. Daily usage covers the last
 * 7 UTC days, empty days included (section 9's chart shows a week).
 */
import type { UsageRecord } from './usage';

export interface UsageStats {
  totalDocuments: number;
  totalCitations: number;
  /** Milliseconds, whole; over the documents whose processing finished. */
  avgProcessingTime: number;
  ocrUsageCount: number;
  dailyUsage: { date: string; count: number }[];
}

export const DAILY_USAGE_DAYS = 7;

export function computeStats(records: Pick<UsageRecord, 'createdAt' | 'citationCount' | 'processingTimeMs' | 'ocrUsed'>[], now: Date): UsageStats {
  const timed = records.filter((record) => record.processingTimeMs > 0);
  const days = new Map<string, number>();
  for (let back = DAILY_USAGE_DAYS - 1; back >= 0; back -= 1) days.set(new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10), 0);
  for (const record of records) {
    const date = record.createdAt.slice(0, 10);
    if (days.has(date)) days.set(date, (days.get(date) ?? 0) + 1);
  }
  return {
    totalDocuments: records.length,
    totalCitations: records.reduce((sum, record) => sum + record.citationCount, 0),
    avgProcessingTime: timed.length ? Math.round(timed.reduce((sum, record) => sum + record.processingTimeMs, 0) / timed.length) : 0,
    ocrUsageCount: records.filter((record) => record.ocrUsed).length,
    dailyUsage: [...days.entries()].map(([date, count]) => ({ date, count })),
  };
}
