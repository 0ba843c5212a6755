/**
 * The language-model adapter: the `openai` SDK against OpenAI or any OpenAI-compatible
 * server (OPENAI_BASE_URL). The domain only sees `ModelClient`.
 */
import OpenAI from 'openai';
import type { ChatMessage } from '../domain/model-pass';

export interface ModelReply {
  content: string | null;
  tokens: number;
}

export interface ModelClient {
  complete(messages: ChatMessage[]): Promise<ModelReply>;
}

export interface ModelClientOptions {
  apiKey?: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
}

export function createModelClient(options: ModelClientOptions): ModelClient {
  const client = new OpenAI({
    // A local OpenAI-compatible server often needs no key; the SDK insists on one.
    apiKey: options.apiKey ?? 'not-required',
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    // One retry: the pass is optional, and a document should not wait on a struggling model.
    maxRetries: 1,
  });
  return {
    async complete(messages) {
      const reply = await client.chat.completions.create({
        model: options.model,
        messages,
        temperature: 0,
        response_format: { type: 'json_object' },
      });
      return { content: reply.choices[0]?.message?.content ?? null, tokens: reply.usage?.total_tokens ?? 0 };
    },
  };
}
