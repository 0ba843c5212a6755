/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import type { ProgressStep } from '@citecheck/proto/progress';
import { renderWithProviders } from '@/testing/render';
import { applyProgress, IDLE_PROGRESS, type ProgressState } from '@/features/documents/lib/stages';
import { ProgressCard } from './progress-card';

/** The card's state after the server's 'upload' message (which names the document) and then `steps`. */
function after(steps: ProgressStep[], documentId: string | null = 'doc-1'): ProgressState {
  const uploaded = applyProgress(IDLE_PROGRESS, { step: 'upload', message: 'Received scan.pdf', progress: 5, ...(documentId ? { documentId } : {}) });
  return steps.reduce((state, step) => applyProgress(state, { step, message: `at ${step}` }), uploaded);
}

describe('ProgressCard cancel', () => {
  it('offers Cancel while a scan is being read, and calls back when pressed', () => {
    const onCancel = jest.fn();
    renderWithProviders(<ProgressCard progress={after(['extraction', 'OCR'])} fileName="scan.pdf" totals={null} onCancel={onCancel} />);
    const button = screen.getByTestId('cancel-document') as HTMLButtonElement;
    expect(button.textContent).toBe('Cancel');
    fireEvent.click(button);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows the request under way and does not send it twice', () => {
    const onCancel = jest.fn();
    renderWithProviders(<ProgressCard progress={after(['OCR'])} fileName="scan.pdf" totals={null} onCancel={onCancel} cancelling />);
    const button = screen.getByTestId('cancel-document') as HTMLButtonElement;
    expect(button.textContent).toBe('Cancelling...');
    expect(button.disabled).toBe(true);
  });

  it.each<[string, ProgressStep[], string | null]>([
    ['once the read is over', ['extraction', 'processing'], 'doc-1'],
    ['during validation', ['validation'], 'doc-1'],
    ['before the server has named the document', ['OCR'], null],
  ])('offers no Cancel %s', (_name, steps, documentId) => {
    renderWithProviders(<ProgressCard progress={after(steps, documentId)} fileName="scan.pdf" totals={null} onCancel={() => undefined} />);
    expect(screen.getByTestId('progress-card')).toBeTruthy();
    expect(screen.queryByTestId('cancel-document')).toBeNull();
  });
});
