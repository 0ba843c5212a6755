/**
 * The file a visitor dropped before signing in (SPEC section 4 "Upload flow"). The upload
 * feature holds it here; whoever completes authentication calls `releasePendingFile`, which
 * fires the window event 'processPendingFile' carrying the file and clears it.
 */
export const PROCESS_PENDING_FILE_EVENT = 'processPendingFile';

export interface ProcessPendingFileDetail {
  file: File;
}

let pending: File | null = null;

export function holdPendingFile(file: File) {
  pending = file;
}

export function hasPendingFile(): boolean {
  return pending !== null;
}

export function clearPendingFile() {
  pending = null;
}

export function releasePendingFile(): boolean {
  const file = pending;
  if (!file) return false;
  pending = null;
  window.dispatchEvent(new CustomEvent<ProcessPendingFileDetail>(PROCESS_PENDING_FILE_EVENT, { detail: { file } }));
  return true;
}
