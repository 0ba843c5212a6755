/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { UploadCard } from './upload-card';

const pdf = (name = 'brief.pdf', size = 1024) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function choose(files: File[]) {
  fireEvent.change(screen.getByTestId('upload-input'), { target: { files } });
}

describe('UploadCard', () => {
  it('hands over an accepted PDF and shows no rejection', async () => {
    const onFile = jest.fn<(file: File) => void>();
    renderWithProviders(<UploadCard onFile={onFile} busy={false} />);
    choose([pdf()]);
    await waitFor(() => expect(onFile).toHaveBeenCalledTimes(1));
    expect(onFile.mock.calls[0][0].name).toBe('brief.pdf');
    expect(screen.queryByTestId('upload-rejections')).toBeNull();
  });

  it('lists a file of the wrong type as rejected, in an alert, and hands over nothing', async () => {
    const onFile = jest.fn<(file: File) => void>();
    renderWithProviders(<UploadCard onFile={onFile} busy={false} />);
    choose([new File(['notes'], 'notes.txt', { type: 'text/plain' })]);
    const rejection = await screen.findByTestId('upload-rejection');
    expect(rejection.getAttribute('data-code')).toBe('file-invalid-type');
    // Extensions a lawyer knows, not MIME types.
    expect(rejection.textContent).toBe('notes.txt: File type must be one of .pdf, .docx (a PDF or a Word document)');
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(onFile).not.toHaveBeenCalled();
  });

  it('rejects a file over 10 MB', async () => {
    const onFile = jest.fn<(file: File) => void>();
    renderWithProviders(<UploadCard onFile={onFile} busy={false} />);
    choose([pdf('huge.pdf', 10485761)]);
    const rejection = await screen.findByTestId('upload-rejection');
    expect(rejection.getAttribute('data-code')).toBe('file-too-large');
    expect(rejection.textContent).toBe('huge.pdf: File is larger than 10 MB');
    expect(onFile).not.toHaveBeenCalled();
  });

  it('ignores operating-system clutter without reporting it', async () => {
    const onFile = jest.fn<(file: File) => void>();
    renderWithProviders(<UploadCard onFile={onFile} busy={false} />);
    choose([new File([''], '.DS_Store', { type: '' })]);
    // The drop is handled asynchronously: wait until a real file after it gets through.
    choose([pdf()]);
    await waitFor(() => expect(onFile).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('upload-rejections')).toBeNull();
  });

  it('disables the Choose File button while a document is being processed', () => {
    renderWithProviders(<UploadCard onFile={() => undefined} busy />);
    expect((screen.getByTestId('choose-file-button') as HTMLButtonElement).disabled).toBe(true);
  });
});
