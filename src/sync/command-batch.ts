import {
  LIMITS,
  type ApiError,
  type CommandEnvelope,
  type CommandResult,
  type ErrorName,
} from '../protocol';

/**
 * The outbox's batch rules, as pure functions: how many commands one POST /api/commands carries,
 * and what the flush does with each kind of answer. The I/O around them is outbox-flush.ts.
 */

/** Commands per request: large enough to drain a long offline queue in a few round trips. */
export const FLUSH_BATCH = 100;

/**
 * A command the server failed on unexpectedly (UNKNOWN_ERROR) this many times, each time while it
 * took other commands, is refused for the user to see: one failure may be a deadlock or a blip,
 * the same failure again and again is the command.
 */
export const UNEXPECTED_FAILURES_TO_REFUSE = 3;

/** What one request may hold: a count, and bytes of its JSON body. */
export type BatchLimits = { maxCount: number; maxBytes: number };

export const BATCH_LIMITS: BatchLimits = {
  maxCount: Math.min(FLUSH_BATCH, LIMITS.commandBatchMax),
  maxBytes: LIMITS.requestBodyMaxBytes,
};

const encoder = new TextEncoder();

/** Bytes a text takes in UTF-8, as it travels. */
export const utf8Bytes = (text: string): number => encoder.encode(text).byteLength;

/** The body of POST /api/commands, exactly as the browser sends it. */
export const commandsBody = (commands: readonly CommandEnvelope[]): string =>
  JSON.stringify({ commands });

/** `{"commands":[]}`: what a body takes beside its commands (and a comma between two). */
const FRAME_BYTES = utf8Bytes(commandsBody([]));

export type BatchCut =
  /** The longest prefix that fits, in creation order. */
  | { kind: 'batch'; commands: CommandEnvelope[] }
  /** The first command alone is over the body limit: no request can ever carry it. */
  | { kind: 'tooLarge'; command: CommandEnvelope };

/**
 * Cuts the next request from commands in creation order: as many as fit both the count and the
 * byte limit of the body actually sent (multi-byte text and JSON escapes counted as sent). The
 * commands are never reordered; what does not fit goes in the next request.
 */
export function cutBatch(commands: readonly CommandEnvelope[], limits: BatchLimits): BatchCut {
  const batch: CommandEnvelope[] = [];
  let bytes = FRAME_BYTES;
  for (const command of commands) {
    if (batch.length >= limits.maxCount) break;
    const own = utf8Bytes(JSON.stringify(command));
    if (batch.length === 0 && FRAME_BYTES + own > limits.maxBytes)
      return { kind: 'tooLarge', command };
    const added = own + (batch.length > 0 ? 1 : 0);
    if (bytes + added > limits.maxBytes) break;
    bytes += added;
    batch.push(command);
  }
  return { kind: 'batch', commands: batch };
}

/** How the server answered a batch, sorted by what the outbox can do about it. */
export type BatchAnswer =
  /** One result per command (200). */
  | { kind: 'results'; results: CommandResult[] }
  /**
   * The server refused the request as a whole by name (400, 413): the same commands would be
   * refused again, whatever the wait. One of them, or their number, is the cause.
   */
  | { kind: 'refused'; error: ApiError }
  /** The server itself answered that it failed (500 in its error shape): it was there. */
  | { kind: 'failed'; error: ApiError };

/**
 * Sorts an HTTP answer other than 200 and 401. A named refusal or failure needs the product's
 * error shape (docs/errors.md): a 502, 503 or 504 (a proxy, a restarting server), or a page that is not ours, says
 * nothing about the commands and gives `null`, for a retry of the same commands after a pause.
 * A 413 is about size whoever says it (a proxy may hold a lower limit than ours).
 */
export function sortFailedAnswer(status: number, body: unknown): BatchAnswer | null {
  const error = productError(body);
  if (status === 413) return { kind: 'refused', error: error ?? { name: 'PAYLOAD_TOO_LARGE' } };
  if (!error) return null;
  // A 400 about a command names it (`commands.3.id`); one about the body as a whole (a proxy
  // that mangled it) would refuse any command, so it is not taken as a word about these.
  if (status === 400)
    return String(error.params?.field ?? '').startsWith('commands')
      ? { kind: 'refused', error }
      : null;
  if (status === 500) return { kind: 'failed', error };
  return null;
}

/** `{ code: 'error', error: { name } }`, the shape every refusal of ours has (docs/errors.md). */
function productError(body: unknown): ApiError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, error } = body as { code?: unknown; error?: unknown };
  if (code !== 'error' || typeof error !== 'object' || error === null) return null;
  const named = error as { name?: unknown; params?: unknown; message?: unknown };
  if (typeof named.name !== 'string') return null;
  return {
    name: named.name as ErrorName,
    ...(typeof named.params === 'object' && named.params !== null
      ? { params: named.params as ApiError['params'] }
      : {}),
    ...(typeof named.message === 'string' ? { message: named.message } : {}),
  };
}

/** What the flush does next with the commands of one request. */
export type BatchStep =
  /** Record the results. */
  | { kind: 'record'; results: CommandResult[] }
  /** Send the same commands again in smaller requests, at once: the answer will not change. */
  | { kind: 'split'; size: number }
  /** The one command is refused with this error, for the user to see. */
  | { kind: 'refuse'; error: ApiError }
  /** Wait (backoff), then send again in smaller requests. */
  | { kind: 'wait'; size: number }
  /** The one command is set aside; the next commands show whether the server takes any. */
  | { kind: 'setAside'; error: ApiError };

/** Half of a request, rounded up: a batch that failed as a whole is searched for its cause. */
export const halved = (size: number): number => Math.max(1, Math.ceil(size / 2));

/** After a good answer the request size doubles back towards the limit. */
export const grown = (size: number, limits: BatchLimits = BATCH_LIMITS): number =>
  Math.min(limits.maxCount, size * 2);

/**
 * The step after an answer to `size` commands. A refusal of the whole request splits it at once
 * until the command that causes it is alone, and that one is refused: the others go. A failure
 * of the server shrinks the next request after a pause, so one command that breaks the server
 * cannot hold back the rest for ever; alone, it is set aside while the next commands go.
 */
export function stepAfter(size: number, answer: BatchAnswer): BatchStep {
  if (answer.kind === 'results') return { kind: 'record', results: answer.results };
  if (answer.kind === 'refused')
    return size > 1
      ? { kind: 'split', size: halved(size) }
      : { kind: 'refuse', error: answer.error };
  return size > 1
    ? { kind: 'wait', size: halved(size) }
    : { kind: 'setAside', error: answer.error };
}

type Failure = Extract<CommandResult, { ok: false }>;

/** The result of a command the server failed on unexpectedly (not a refusal: it may pass later). */
export const isUnexpectedFailure = (result: CommandResult): result is Failure =>
  !result.ok && result.error.name === 'UNKNOWN_ERROR';

/** The refusal of a command no request can carry. */
export const tooLargeError = (limits: BatchLimits = BATCH_LIMITS): ApiError => ({
  name: 'PAYLOAD_TOO_LARGE',
  params: { max: limits.maxBytes },
});
