import { normalizeOrigin } from '../../../src/protocol';

/**
 * What a widget call's Origin header earns it (pure):
 * - `none`: no Origin header. Browsers send one on every cross-origin call and every WebSocket, so
 *   this is a same-origin page load or a program, which CORS does not concern: the call goes on
 *   as before, with no CORS headers.
 * - `allowed`: the page is the server's own (its origin's host is the host the browser reached),
 *   so /demo/site and any page served from here work with no setting; or the channel lists it.
 * - `refused`: any other origin, `null` (a sandboxed frame, a file) and garbage included.
 */
export type OriginVerdict = 'none' | 'allowed' | 'refused';

export function originVerdict(
  origin: string | undefined,
  ownHost: string | undefined,
  allowed: readonly string[],
): OriginVerdict {
  if (origin === undefined) return 'none';
  const normal = normalizeOrigin(origin);
  if (normal === null) return 'refused';
  if (isOwnOrigin(normal, ownHost)) return 'allowed';
  return allowed.includes(normal) ? 'allowed' : 'refused';
}

/**
 * Whether an origin is the server's own: its host and port are those the browser asked for (Host,
 * or X-Forwarded-Host from a trusted proxy). The scheme is not compared, since a proxy ending TLS
 * in front of the server makes the request look like plain HTTP to it; both are this server.
 */
export function isOwnOrigin(origin: string, ownHost: string | undefined): boolean {
  if (!ownHost) return false;
  const own = normalizeOrigin(`http://${ownHost}`);
  if (own === null) return false;
  // An https origin on its default port and a bare Host compare equal, as `http://host` drops 80.
  return new URL(origin).host === new URL(own).host;
}
