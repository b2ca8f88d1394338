import * as v from 'valibot';
import type { SendResult } from '../adapter';

/**
 * The Graph API version every call names. Meta keeps a version for about two years; one constant,
 * moved deliberately with a look at the changelog, rather than a setting that drifts per install.
 */
export const GRAPH_VERSION = 'v23.0';

/** Meta's error shape (developers.facebook.com/docs/graph-api/guides/error-handling). */
const GraphErrorSchema = v.looseObject({
  error: v.looseObject({
    message: v.optional(v.string()),
    type: v.optional(v.string()),
    code: v.optional(v.number()),
    error_subcode: v.optional(v.number()),
    error_user_title: v.optional(v.string()),
    error_user_msg: v.optional(v.string()),
    error_data: v.optional(v.looseObject({ details: v.optional(v.string()) })),
  }),
});

/**
 * Codes that mean "not now": throttling (4 app, 17 user, 32 page, 613 calls, 80007 WhatsApp
 * account, 130429 throughput, 131056 one customer's pair rate), and Meta's own trouble (1, 2,
 * 131000, 131016 overloaded, 133004 unavailable). Anything else is the request's own fault and
 * will not change when sent again.
 */
const RETRYABLE_CODES = new Set([
  1, 2, 4, 17, 32, 613, 80007, 130429, 131000, 131016, 131056, 133004,
]);

/** Codes that mean the access token no longer works (expired, revoked, password changed). */
const TOKEN_CODES = new Set([102, 190]);

/** Why a Graph call failed: Meta refused it (with its code), or no answer came. */
export class GraphApiError extends Error {
  constructor(
    /** The HTTP status, or 0 when no answer came. */
    readonly status: number,
    /** Meta's error code (131047, 190, …), when it gave one. */
    readonly code: number | undefined,
    /** Meta's words for it: `error_data.details`, else its message. Never a token or address. */
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(
      code === undefined ? `${String(status)} ${description}` : `${String(code)} ${description}`,
    );
    this.name = 'GraphApiError';
  }

  get retryable(): boolean {
    return (
      this.status === 0 ||
      this.status === 429 ||
      this.status >= 500 ||
      (this.code !== undefined && RETRYABLE_CODES.has(this.code))
    );
  }

  /** The token is dead: the channel needs its credentials again, not another try. */
  get tokenLapsed(): boolean {
    return this.code !== undefined && TOKEN_CODES.has(this.code);
  }
}

/** A Retry-After header in seconds, or as an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterOf(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What every Graph call needs: the API root (configurable) and the access token. */
export type GraphAccess = { apiRoot: string; token: string };

/**
 * One Graph API call: the token in the Authorization header (never in the address, so no address
 * carries a secret), JSON or multipart out, JSON back. A refusal becomes a GraphApiError with
 * Meta's code and words; a transport failure one with status 0 that names nothing of the request.
 */
export async function graphCall(
  access: GraphAccess,
  path: string,
  init: {
    method?: 'GET' | 'POST' | 'DELETE';
    json?: unknown;
    form?: FormData;
    query?: Record<string, string>;
  } = {},
  signal?: AbortSignal,
): Promise<unknown> {
  const url = new URL(`${access.apiRoot}/${GRAPH_VERSION}/${path}`);
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { authorization: `Bearer ${access.token}` };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new GraphApiError(0, undefined, 'the Graph API did not answer');
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new GraphApiError(
      response.ok ? 502 : response.status,
      undefined,
      'the answer was not JSON',
    );
  }
  if (response.ok) return json;
  const error = v.safeParse(GraphErrorSchema, json);
  const retryAfter = retryAfterOf(response.headers.get('retry-after'));
  if (!error.success)
    throw new GraphApiError(
      response.status,
      undefined,
      response.statusText || 'refused',
      retryAfter,
    );
  const { code, message, error_data: data, error_user_msg: userMessage } = error.output.error;
  throw new GraphApiError(
    response.status,
    code,
    data?.details ?? userMessage ?? message ?? response.statusText,
    retryAfter,
  );
}

/** A file's bytes from a Graph media link, with the token (WhatsApp's links need it), at most `maxBytes`. */
export async function graphDownload(
  access: GraphAccess,
  url: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<{ bytes: Buffer; type: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${access.token}` }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new GraphApiError(0, undefined, 'the media server did not answer');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GraphApiError(response.status, undefined, 'the media could not be downloaded');
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new GraphApiError(413, undefined, 'the media is too large');
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > maxBytes) throw new GraphApiError(413, undefined, 'the media is too large');
  return { bytes, type: response.headers.get('content-type') };
}

/**
 * A GET whose address carries everything (Meta's token endpoints: the code, the app secret, the
 * token to exchange, as documented), with no Authorization header; Graph errors read as above.
 */
export async function graphGetWithoutHeader(url: URL, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new GraphApiError(0, undefined, 'Meta did not answer');
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return json;
  const error = v.safeParse(GraphErrorSchema, json);
  throw new GraphApiError(
    response.status,
    error.success ? error.output.error.code : undefined,
    (error.success ? error.output.error.message : undefined) ?? response.statusText,
  );
}

/**
 * A Graph API send's refusal as the pipeline takes it (Instagram, Facebook): a lapsed token holds
 * the reply for a new sign-in, "not now" retries (after Meta's Retry-After when it gave one), any
 * other is Meta's refusal of the message, with its words. Undefined for an error not Meta's.
 */
export function graphSendRefusal(
  error: unknown,
): Exclude<SendResult, { kind: 'sent' }> | undefined {
  if (!(error instanceof GraphApiError)) return undefined;
  if (error.tokenLapsed) return { kind: 'reauthorize', reason: error.description };
  if (error.retryable)
    return {
      kind: 'retry',
      reason: error.message,
      ...(error.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: error.retryAfterSeconds }
        : {}),
    };
  return { kind: 'failed', reason: error.description };
}
