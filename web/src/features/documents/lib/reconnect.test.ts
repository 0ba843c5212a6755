import { describe, expect, it } from '@jest/globals';
import { parseProgressMessage, progressSocketUrl, reconnectDelay } from './reconnect';

describe('live channel reconnect (SPEC section 4)', () => {
  it('waits 2 s times the attempt, three times at most', () => {
    expect([1, 2, 3, 4].map((attempt) => reconnectDelay(1006, attempt))).toEqual([2000, 4000, 6000, null]);
  });
  it('does not reconnect after a normal close', () => {
    expect(reconnectDelay(1000, 1)).toBeNull();
  });
  it('targets /ws on the same host', () => {
    expect(progressSocketUrl({ protocol: 'https:', host: 'cite.example' })).toBe('wss://cite.example/ws');
    expect(progressSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
  });
  it('accepts only this session\'s well-formed messages', () => {
    expect(parseProgressMessage('{"sessionId":"a","step":"upload"}', 'a')).toEqual({ sessionId: 'a', step: 'upload' });
    expect(parseProgressMessage('{"sessionId":"b","step":"upload"}', 'a')).toBeNull();
    expect(parseProgressMessage('not json', 'a')).toBeNull();
    expect(parseProgressMessage('{"sessionId":"a"}', 'a')).toBeNull();
  });
});
