import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Muted } from '@/components/ui/card';
import { ACCEPTED_TYPES, isIgnoredFile, MAX_UPLOAD_BYTES, rejectionMessage } from '@/features/documents/lib/files';

const DropArea = styled.div<{ $active: boolean; $disabled: boolean }>`
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.colors.brand : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.brandSoft : theme.colors.background)};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 2.2rem 1rem;
  text-align: center;
  transition: background 0.15s, border-color 0.15s;
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  p { margin: 0.4rem 0; }
`;

const Formats = styled.ul`
  margin: 1rem 0 0;
  padding-left: 1.2rem;
  color: ${({ theme }) => theme.colors.muted};
  columns: 2 220px;
  li { margin-bottom: 0.2rem; }
`;

const Rejections = styled.ul`
  list-style: none;
  padding: 0.6rem 0.9rem;
  margin: 1rem 0 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.invalidSoft};
  color: ${({ theme }) => theme.colors.invalid};
`;

export function UploadCard({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const [rejections, setRejections] = useState<FileRejection[]>([]);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: ACCEPTED_TYPES,
    maxFiles: 1,
    multiple: false,
    maxSize: MAX_UPLOAD_BYTES,
    disabled: busy,
    // The Choose File button opens the dialog; a click anywhere in the area would steal clicks from it.
    noClick: true,
    onDrop: (accepted, rejected) => {
      const kept = accepted.filter((file) => !isIgnoredFile(file));
      setRejections(rejected.filter((r) => !isIgnoredFile(r.file)));
      if (kept[0]) onFile(kept[0]);
    },
  });

  return (
    <Card data-testid="upload-card" aria-labelledby="upload-title">
      <CardTitle id="upload-title">Step 1 - Document Upload</CardTitle>
      <DropArea
        {...getRootProps({ role: 'group', 'aria-label': 'Upload a PDF or Word document' })}
        $active={isDragActive}
        $disabled={busy}
        data-testid="upload-dropzone"
        data-drag-active={isDragActive}
      >
        <input {...getInputProps()} data-testid="upload-input" aria-label="Choose a PDF or Word document" />
        <p>
          <strong>{isDragActive ? 'Drop the document here' : 'Drag and drop your brief here'}</strong>
        </p>
        <Muted>PDF or Word (.docx), one file, up to 10 MB</Muted>
        <p>
          <Button onClick={open} disabled={busy} data-testid="choose-file-button">
            Choose File
          </Button>
        </p>
      </DropArea>
      {rejections.length > 0 ? (
        // The alert wraps the list: a role on the <ul> itself would take away its list semantics.
        <div role="alert">
          <Rejections data-testid="upload-rejections">
            {rejections.map(({ file, errors }) =>
              errors.map((error) => (
                <li key={`${file.name}-${error.code}`} data-testid="upload-rejection" data-code={error.code}>
                  {file.name}: {rejectionMessage(error.code, error.message)}
                </li>
              )),
            )}
          </Rejections>
        </div>
      ) : null}
      <h3>Supported citation formats</h3>
      <Formats data-testid="supported-formats">
        <li>Federal courts (U.S., S. Ct., F.4th, F. Supp. 3d)</li>
        <li>State courts (Cal. App. 5th, N.Y.3d, So. 3d)</li>
        <li>Dual reporter citations</li>
        <li>Neutral (public domain) citations</li>
        <li>Court and year information</li>
      </Formats>
    </Card>
  );
}
