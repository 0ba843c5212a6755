import { useEffect, useRef } from 'react';
import type { PipelineProgress as ProgressMessage } from '@citecheck/proto/progress';
import { parseProgressMessage, progressSocketUrl, reconnectDelay } from '@/features/documents/lib/reconnect';

/**
 * Keeps the live channel (/ws) open while the upload section is on screen and hands every
 * progress message for `sessionId` to `onMessage`.
 */
export function useProgressSocket(sessionId: string, onMessage: (message: ProgressMessage) => void) {
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;

    function connect() {
      socket = new WebSocket(progressSocketUrl(window.location));
      socket.onopen = () => {
        attempt = 0;
        socket?.send(JSON.stringify({ type: 'register', sessionId }));
      };
      socket.onmessage = (event) => {
        const message = parseProgressMessage(event.data, sessionId);
        if (message) handler.current(message);
      };
      socket.onclose = (event) => {
        if (disposed) return;
        attempt += 1;
        const delay = reconnectDelay(event.code, attempt);
        if (delay !== null) timer = setTimeout(connect, delay);
      };
    }

    connect();
    return () => {
      disposed = true;
      clearTimeout(timer);
      socket?.close(1000, 'upload section closed');
    };
  }, [sessionId]);
}
