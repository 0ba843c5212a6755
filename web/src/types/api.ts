/** Shapes of SPEC section 3 as the server sends them. */

export type UserType = 'free' | 'premium' | 'enterprise';

export interface AuthUser {
  name?: string | null;
  email?: string | null;
  userType?: UserType;
  /** Not in SPEC; honoured when the server marks the admin so the report page can link to /metrics. */
  isAdmin?: boolean;
}

export interface AuthStatus {
  isVerified: boolean;
  isAuthenticated: boolean;
  user: AuthUser | null;
}

export type ValidationDetails = string | { message?: string | null; suggestion?: string | null } | null | undefined;

export interface CourtListenerData {
  caseName?: string | null;
  court?: string | null;
  year?: number | string | null;
  absolute_url?: string | null;
}

export type CitationType = 'case' | 'statute' | 'regulation' | string;

export interface Citation {
  id: string;
  text: string;
  type: CitationType;
  caseName?: string | null;
  page?: number | null;
  paragraph?: number | null;
  /** true valid, false invalid, null pending / could not be verified. */
  isValid: boolean | null;
  confidence?: number | null;
  validationDetails?: ValidationDetails;
  originalContext?: string | null;
  courtListenerData?: CourtListenerData | null;
  /** Beyond SPEC: what the verdict was checked against (`CourtListener bulk data of 2026-10-31`). */
  checkedAgainst?: string | null;
}

export interface DocumentSummary {
  id: string;
  filename: string;
  fileType?: string;
  uploadedAt?: string;
  userEmail?: string | null;
}

export interface ValidationReport {
  id: string;
  documentId: string;
  generatedAt?: string;
  createdAt?: string;
  totalCitations: number;
  validCitations: number;
  invalidCitations: number;
  accuracyRate: number;
}

export interface ProcessingStats {
  openaiCalls?: number;
  courtListenerCalls?: number;
  openaiTokens?: number;
  processingTimeMs?: number;
  ocrUsed?: boolean;
  [key: string]: number | boolean | undefined;
}

export interface ProgressMessage {
  sessionId: string;
  step: string;
  message?: string;
  progress?: number;
  citationCount?: number;
  validationProgress?: {
    completed: number;
    total: number;
    currentCitation?: string;
    validCount?: number;
    invalidCount?: number;
  };
  processingStats?: ProcessingStats;
  ocrProgress?: { isActive: boolean; progress?: number; message?: string };
}
