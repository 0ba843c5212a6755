import { createEvent, InvalidEventError, parseEvent, pipelineProgressSchema } from './index';

describe('event catalogue', () => {
  const uploaded = {
    documentId: 'd1',
    filename: 'brief.pdf',
    fileType: 'pdf' as const,
    size: 10,
    blobKey: 'documents/d1',
    sessionId: 's1',
    userId: 'u1',
    userEmail: 'a@b.co',
    ipAddress: '127.0.0.1',
    uploadedAt: new Date(0).toISOString(),
  };

  it('builds an envelope that parses back to the same event', () => {
    const event = createEvent('document.uploaded', uploaded, 'd1');
    expect(event).toMatchObject({ type: 'document.uploaded', version: 1, correlationId: 'd1' });
    expect(parseEvent('document.uploaded', JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('refuses a payload that breaks its schema on produce and on consume', () => {
    expect(() => createEvent('document.uploaded', { ...uploaded, size: -1 }, 'd1')).toThrow(InvalidEventError);
    const event = createEvent('document.uploaded', uploaded, 'd1');
    expect(() => parseEvent('document.uploaded', { ...event, payload: { documentId: 'd1' } })).toThrow(/filename/);
    expect(() => parseEvent('citations.extracted', event)).toThrow(/type is document.uploaded/);
  });

  it('has the progress message of SPEC section 3, field for field', () => {
    const message = {
      sessionId: 's',
      step: 'validation',
      message: 'Validating 3 of 10',
      progress: 55,
      citationCount: 10,
      validationProgress: { completed: 3, total: 10, currentCitation: '550 U.S. 544', validCount: 2, invalidCount: 1 },
      processingStats: { llmCalls: 0, courtListenerCalls: 3, llmTokensUsed: 0, processingTimeMs: 120, ocrUsed: false },
      ocrProgress: { isActive: false, progress: 100, message: 'done' },
    };
    expect(pipelineProgressSchema.parse(message)).toEqual(message);
    expect(() => pipelineProgressSchema.parse({ ...message, step: 'nonsense' })).toThrow();
    expect(() => pipelineProgressSchema.parse({ ...message, progress: 101 })).toThrow();
  });
});
