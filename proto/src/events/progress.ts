import { z } from 'zod';

/** SPEC.md section 4: the steps of the live channel, in pipeline order. */
export const progressSteps = [
  'start',
  'upload',
  'extraction',
  'OCR',
  'processing',
  'comprehensive-extraction',
  'citations',
  'validation',
  'retry-validation',
  'consolidation',
  'report',
  'stats',
  'complete',
  'error',
] as const;

export const progressStepSchema = z.enum(progressSteps);

/** SPEC.md section 3: the progress message, exactly as the browser receives it on /ws. */
export const pipelineProgressSchema = z.object({
  sessionId: z.string(),
  step: progressStepSchema,
  message: z.string(),
  progress: z.number().min(0).max(100),
  /**
   * The document the message is about, sent once on 'upload' so the uploading tab can cancel
   * it (POST /api/documents/:id/cancel) while it is read, before the upload call answers.
   * Only the uploader may cancel; the relay sends a session's messages to its own tabs only.
   */
  documentId: z.string().optional(),
  citationCount: z.number().int().nonnegative().optional(),
  validationProgress: z
    .object({
      completed: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      currentCitation: z.string().optional(),
      validCount: z.number().int().nonnegative(),
      invalidCount: z.number().int().nonnegative(),
    })
    .optional(),
  processingStats: z
    .object({
      llmCalls: z.number().int().nonnegative(),
      courtListenerCalls: z.number().int().nonnegative(),
      llmTokensUsed: z.number().int().nonnegative(),
      processingTimeMs: z.number().nonnegative(),
      ocrUsed: z.boolean(),
    })
    .optional(),
  ocrProgress: z
    .object({
      isActive: z.boolean(),
      progress: z.number().min(0).max(100),
      message: z.string(),
    })
    .optional(),
});

export type ProgressStep = z.infer<typeof progressStepSchema>;
export type PipelineProgress = z.infer<typeof pipelineProgressSchema>;
