/**
 * One validation report per document: created from the verdicts the first time it is asked
 * for (by the pipeline when verdicts arrive, or by the browser's POST), the same one after.
 */
import { randomBytes } from 'node:crypto';
import type { Bus, Clock } from '@citecheck/platform';
import { createEvent, topics } from '@citecheck/proto';
import { reportTotals } from '../domain/report';
import type { DocumentRecord, IngestStore, ReportRecord } from '../store/documents';

/** Report ids are 128 random bits: the report link is a capability (ARCHITECTURE.md). */
export const newId = () => randomBytes(16).toString('base64url');

/** SPEC.md section 3's validation report. */
export function toSpecReport(r: ReportRecord) {
  return {
    id: r.id,
    documentId: r.documentId,
    generatedAt: r.generatedAt,
    createdAt: r.createdAt,
    totalCitations: r.totalCitations,
    validCitations: r.validCitations,
    invalidCitations: r.invalidCitations,
    accuracyRate: r.accuracyRate,
  };
}

export async function ensureReport(deps: { store: IngestStore; bus: Bus; clock: Clock }, document: DocumentRecord): Promise<ReportRecord> {
  let report = await deps.store.reportOfDocument(document.id);
  if (!report) {
    const copy = await deps.store.citationsOf(document.id);
    const now = deps.clock.now().toISOString();
    const candidate: ReportRecord = {
      id: newId(),
      documentId: document.id,
      userId: document.userId,
      generatedAt: now,
      createdAt: now,
      ...reportTotals(copy?.citations ?? []),
      published: false,
    };
    // Two callers may race (pipeline and browser): the store keeps one report per document.
    report = await deps.store.addReport(candidate);
  }
  if (!report.published) {
    const event = createEvent(
      topics['report.generated'],
      {
        reportId: report.id,
        documentId: report.documentId,
        userId: report.userId,
        totalCitations: report.totalCitations,
        validCitations: report.validCitations,
        invalidCitations: report.invalidCitations,
        accuracyRate: report.accuracyRate,
        generatedAt: report.generatedAt,
      },
      report.documentId,
    );
    await deps.bus.publish(event.type, report.documentId, event);
    report = (await deps.store.markReportPublished(report.id)) ?? report;
  }
  return report;
}
