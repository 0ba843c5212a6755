import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dismissToast, toast } from '@/components/ui/toast-store';
import { isApiError, type LimitDetails } from '@/lib/api-client';
import { clearPendingFile, holdPendingFile, PROCESS_PENDING_FILE_EVENT, type ProcessPendingFileDetail } from '@/lib/pending-file';
import { currentResults, processingSessionId, storedRegistration } from '@/lib/storage';
import type { ValidationReport } from '@citecheck/proto/graphql/types';
import type { DocumentSummary } from '@/features/documents/api/upload-document';
import { authStatusQueryOptions, useAuthStatus } from '@/lib/auth';
import { cancelDocument } from '@/features/documents/api/cancel-document';
import { generateReport } from '@/features/documents/api/generate-report';
import { citationsQueryKey } from '@/lib/document-citations';
import { uploadDocument } from '@/features/documents/api/upload-document';
import { applyProgress, IDLE_PROGRESS, type ProgressState, type ProgressUpdate } from '@/features/documents/lib/stages';
import { rejectionMessage } from '@/features/documents/lib/files';
import { useProgressSocket } from './use-progress-socket';

export interface ProcessingState {
  document: DocumentSummary | null;
  report: ValidationReport | null;
  progress: ProgressState;
  fileName: string | null;
}

type Action =
  | { type: 'start'; fileName: string }
  | { type: 'progress'; message: ProgressUpdate }
  | { type: 'uploaded'; document: DocumentSummary }
  | { type: 'report'; report: ValidationReport }
  | { type: 'reset' };

const INITIAL: ProcessingState = { document: null, report: null, progress: IDLE_PROGRESS, fileName: null };

/** The results this tab showed before it left the page (see currentResults). */
function restored(): ProcessingState {
  const stored = currentResults.get<DocumentSummary, ValidationReport>();
  if (!stored?.document?.id) return INITIAL;
  return { ...INITIAL, document: stored.document, report: stored.report ?? null, fileName: stored.document.filename };
}

function reducer(state: ProcessingState, action: Action): ProcessingState {
  switch (action.type) {
    case 'start':
      // A new document replaces the previous one's citations and report (SPEC section 4).
      return { ...INITIAL, fileName: action.fileName, progress: applyProgress(IDLE_PROGRESS, { step: 'upload', message: 'Uploading document...', progress: 0 }) };
    case 'progress':
      return state.progress.status === 'idle' && action.message.step !== 'start' ? state : { ...state, progress: applyProgress(state.progress, action.message) };
    case 'uploaded':
      return { ...state, document: action.document };
    case 'report':
      return { ...state, report: action.report };
    case 'reset':
      return INITIAL;
  }
}

/**
 * The home page's upload flow: gate on sign-in, upload, follow the live channel, then ask
 * for the report. The server's progress messages drive the card; the client adds its own
 * milestones too, so the card finishes even if the live channel never connected.
 */
export function useDocumentProcessing(options: { onNeedsAuth: () => void; onLimitReached: (limit: LimitDetails) => void }) {
  const [state, dispatch] = useReducer(reducer, INITIAL, restored);

  // Kept for the tab session, so the results survive sign-up, sign-in and reloads.
  useEffect(() => {
    if (state.document) currentResults.set({ document: state.document, report: state.report });
    else currentResults.clear();
  }, [state.document, state.report]);
  const queryClient = useQueryClient();
  const { data: auth } = useAuthStatus();
  const sessionId = useMemo(() => processingSessionId(), []);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const authRef = useRef(auth);
  authRef.current = auth;

  const statusRef = useRef(state.progress.status);
  statusRef.current = state.progress.status;
  /** The 'Processing Failed' toast of the current run, if one was raised. */
  const failureToastRef = useRef<string | null>(null);
  const documentIdRef = useRef(state.progress.documentId);
  documentIdRef.current = state.progress.documentId;
  /** The uploader cancelled the current run: its end is the answer to that, not a failure. */
  const cancelledRef = useRef(false);
  const [cancelling, setCancelling] = useState(false);

  /** Says once that the run was cancelled, whichever of the live channel and the upload call tells first. */
  const announceCancelled = useCallback((description: string | undefined) => {
    if (failureToastRef.current) return;
    failureToastRef.current = toast({ title: 'Document Cancelled', description: description ?? 'Reading this document was cancelled.' });
  }, []);

  useProgressSocket(sessionId, (message) => {
    // An error for a run that is already over (reset after a refused upload) is stale.
    if (message.step === 'error' && statusRef.current !== 'processing') return;
    dispatch({ type: 'progress', message });
    if (message.step === 'error') {
      if (cancelledRef.current) announceCancelled(message.message);
      else failureToastRef.current = toast({ title: 'Processing Failed', description: message.message, variant: 'destructive' });
      dispatch({ type: 'reset' });
    }
  });

  /** Stops the document being read (POST /api/documents/:id/cancel); the upload then ends. */
  const cancel = useCallback(async () => {
    const documentId = documentIdRef.current;
    if (!documentId || cancelledRef.current) return;
    cancelledRef.current = true;
    setCancelling(true);
    try {
      await cancelDocument({ documentId });
    } catch (error) {
      cancelledRef.current = false;
      toast({
        title: 'Cancel Failed',
        description: (isApiError(error) ? error.serverMessage : undefined) ?? 'The document could not be cancelled.',
        variant: 'destructive',
      });
    } finally {
      setCancelling(false);
    }
  }, []);

  const processFile = useCallback(
    async (file: File) => {
      dispatch({ type: 'start', fileName: file.name });
      failureToastRef.current = null;
      cancelledRef.current = false;
      const status = authRef.current;
      const stored = storedRegistration.get();
      const user =
        status?.isAuthenticated && status.user?.email
          ? {
              name: status.user.name ?? stored?.name ?? '',
              email: status.user.email,
              registeredAt: stored?.email === status.user.email ? stored.registeredAt : new Date().toISOString(),
            }
          : undefined;
      let document: DocumentSummary;
      try {
        const uploaded = await uploadDocument({ file, sessionId, user });
        document = uploaded.document;
        queryClient.setQueryData(citationsQueryKey(document.id), uploaded.citations);
        dispatch({ type: 'uploaded', document });
        dispatch({ type: 'progress', message: { step: 'report', message: 'Generating report...', citationCount: uploaded.citations.length } });
      } catch (error) {
        dispatch({ type: 'reset' });
        if (cancelledRef.current) {
          announceCancelled(isApiError(error) ? error.serverMessage : undefined);
          return;
        }
        if (isApiError(error) && error.limit) {
          // The server also reports the refusal on the live channel; the upgrade dialog says
          // it better than a 'Processing Failed' toast behind it.
          if (failureToastRef.current) dismissToast(failureToastRef.current);
          optionsRef.current.onLimitReached(error.limit);
          return;
        }
        const code = isApiError(error) ? (error.body as { error?: unknown } | undefined)?.error : undefined;
        const server = (isApiError(error) ? error.serverMessage : undefined) ?? 'Unknown error occurred';
        toast({
          title: 'Upload Failed',
          // The server's file checks answer with the drop zone's codes: the same readable sentence.
          description: typeof code === 'string' ? rejectionMessage(code, server) : server,
          variant: 'destructive',
        });
        return;
      }
      try {
        const report = await generateReport({ documentId: document.id, sessionId });
        dispatch({ type: 'report', report });
      } catch (error) {
        // SPEC section 8: a failed report generation is only logged; the results stay usable.
        console.error('Report generation failed', error);
      }
      dispatch({ type: 'progress', message: { step: 'complete', message: 'Processing complete' } });
    },
    [queryClient, sessionId, announceCancelled],
  );

  /** Entry point for a chosen file: processes now, or holds it until the visitor signs in. */
  const submitFile = useCallback(
    async (file: File) => {
      // A file dropped before the first auth check answered waits for it, rather than
      // sending a signed-in user through the registration dialog.
      const status = authRef.current ?? (await queryClient.fetchQuery(authStatusQueryOptions()));
      if (status?.isAuthenticated || status?.isVerified) {
        void processFile(file);
        return;
      }
      holdPendingFile(file);
      optionsRef.current.onNeedsAuth();
    },
    [processFile, queryClient],
  );

  useEffect(() => {
    function onPendingFile(event: Event) {
      const detail = (event as CustomEvent<ProcessPendingFileDetail>).detail;
      if (!detail?.file) return;
      clearPendingFile();
      void processFile(detail.file);
    }
    window.addEventListener(PROCESS_PENDING_FILE_EVENT, onPendingFile);
    return () => window.removeEventListener(PROCESS_PENDING_FILE_EVENT, onPendingFile);
  }, [processFile]);

  const busy = state.progress.status === 'processing';
  return { state, submitFile, busy, sessionId, cancel, cancelling };
}
