import type { WebSocket } from 'ws';
import { LIVE_CLOSE } from '../../src/protocol';

/** A socket that has not sent its token within this time is closed. */
const TOKEN_WAIT_MS = 5000;

/**
 * Browsers cannot set headers on a WebSocket, so a live socket's token comes as its first
 * message, `{"token":"…"}`. Calls `start` with the token (undefined when the message holds none);
 * a socket that sends nothing in time is closed as unauthorized.
 */
export function onTokenMessage(
  socket: WebSocket,
  start: (token: string | undefined) => void,
): void {
  const timer = setTimeout(() => {
    socket.close(LIVE_CLOSE.unauthorized, 'no token');
  }, TOKEN_WAIT_MS);
  socket.once('message', (data: Buffer) => {
    clearTimeout(timer);
    let token: unknown;
    try {
      token = (JSON.parse(data.toString()) as { token?: unknown }).token;
    } catch {
      token = undefined;
    }
    start(typeof token === 'string' ? token : undefined);
  });
}
