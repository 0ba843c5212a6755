/**
 * SPEC.md section 3's usage metric record (admin), one per document, built from the
 * pipeline's events. Pure: each function takes the record so far and an event's payload.
 */
import { anonymizeIp } from './visitors';
import type { CitationsValidated, DocumentUploaded, PipelineFailed, ReportGenerated } from '@citecheck/proto';

export interface UsageUser {
  name: string | null;
  email: string | null;
  isVerified: boolean;
}

export interface UsageRecord {
  id: string; // documentId
  documentName: string;
  createdAt: string;
  userId: string | null;
  user: UsageUser;
  documentSize: number;
  citationCount: number;
  ocrUsed: boolean;
  llmCalls: number;
  llmTokensUsed: number;
  courtListenerCalls: number;
  processingTimeMs: number;
  ipAddress: string | null;
  status: 'processing' | 'validated' | 'failed';
  failureCode: string | null;
  reportId: string | null;
}

export function usageFromUpload(p: DocumentUploaded, user: UsageUser): UsageRecord {
  return {
    id: p.documentId,
    documentName: p.filename,
    createdAt: p.uploadedAt,
    userId: p.userId,
    user: { ...user, email: user.email ?? p.userEmail },
    documentSize: p.size,
    citationCount: 0,
    ocrUsed: false,
    llmCalls: 0,
    llmTokensUsed: 0,
    courtListenerCalls: 0,
    processingTimeMs: 0,
    // Kept as its network only (IPv4 /24, IPv6 /48), like the visitor sessions: enough to see
    // where uploads come from, not to name a household. The full address never reaches analytics' store.
    ipAddress: anonymizeIp(p.ipAddress),
    status: 'processing',
    failureCode: null,
    reportId: null,
  };
}

/** The pipeline's figures; a later recheck of the same document does not change them. */
export function usageResults(p: CitationsValidated): Partial<UsageRecord> {
  return {
    citationCount: p.citations.length,
    ocrUsed: p.stats.ocrUsed,
    llmCalls: p.stats.llmCalls,
    llmTokensUsed: p.stats.llmTokensUsed,
    courtListenerCalls: p.stats.courtListenerCalls,
    processingTimeMs: p.stats.processingTimeMs,
    status: 'validated',
  };
}

export function usageFailure(p: PipelineFailed): Partial<UsageRecord> {
  return { status: 'failed', failureCode: p.code };
}

export function usageReport(p: ReportGenerated): Partial<UsageRecord> {
  return { reportId: p.reportId };
}
