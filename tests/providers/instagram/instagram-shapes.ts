import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The pieces of the local Instagram server that hold no state: the shapes Meta's "Instagram API
 * with Instagram Login" answers and posts (developers.facebook.com/docs/instagram-platform), its
 * three kinds of refusal (Graph errors, the login host's flat OAuth errors, HTML pages of the
 * authorization window), Meta's look of ids and tokens, the consent page, and the checks of a
 * message sent that need no account (its quick replies; its attachment, fetched from its url).
 */

/** A person on Instagram who writes to a professional account, by the IGSID Meta gave them. */
export type IgCustomer = { igsid: string; username: string; name: string };

/** A message our side sent, as the server received it (an attachment fetched to its bytes). */
export type SentInstagram = {
  id: string;
  to: string;
  text?: string;
  attachment?: {
    type: 'image' | 'video' | 'audio' | 'file';
    url: string;
    bytes: Buffer;
    contentType: string;
    /** The file name of the answer's Content-Disposition, when it named one. */
    name?: string;
  };
  /** The quick replies' titles, as Meta shows them: cut to 20 characters. */
  quickReplies?: string[];
  body: Record<string, unknown>;
};

export type IgAttachment = { type: string; payload: { url: string } };

/** One item of an entry's `messaging`: a message (an echo too) or a read, as the webhook has them. */
export type IgMessaging = {
  sender: { id: string };
  recipient: { id: string };
  timestamp: number;
  message?: {
    mid: string;
    text?: string;
    attachments?: IgAttachment[];
    quick_reply?: { payload: string };
    is_echo?: true;
  };
  read?: { mid: string };
};

export type IgWebhookEntry = { time: number; id: string; messaging: IgMessaging[] };
export type IgWebhookBody = { object: 'instagram'; entry: IgWebhookEntry[] };

/** A Graph refusal: its HTTP status and `{error:{message,type,code,error_subcode,fbtrace_id}}`. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: Record<string, unknown> },
  ) {
    super(String(body.error.message));
  }
}

export const graphError = (
  status: number,
  code: number,
  message: string,
  extra: Record<string, unknown> = {},
): GraphError =>
  new GraphError(status, {
    error: {
      message,
      // Meta names an unsupported node "GraphMethodException"; every other refusal here is OAuth's.
      type: extra.error_subcode === 33 ? 'GraphMethodException' : 'OAuthException',
      code,
      ...extra,
      fbtrace_id: `A${randomBytes(8).toString('base64url')}`,
    },
  });

/**
 * The login host (api.instagram.com) refuses a code exchange flat, not as a Graph error:
 * `{error_type, code, error_message}`, as the Business Login guide shows it.
 */
export class LoginError extends Error {
  get body() {
    return { error_type: 'OAuthException', code: 400, error_message: this.message };
  }
}

/** The authorization window's refusal: an HTML page, not JSON, for a person to read. */
export class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const digitString = (length: number) =>
  Array.from({ length }, (_, index) => randomInt(index === 0 ? 1 : 0, 10)).join('');

/** An Instagram professional account's id: 17 digits, starting 1784 as Meta's do. */
export const igAccountId = (): string => `1784${digitString(13)}`;

/** An Instagram-scoped id (IGSID) of a person: 16 or 17 digits. */
export const igScopedId = (): string => digitString(16 + randomInt(0, 2));

/** The app-scoped id of the person who signed in (the `user_id` of the code exchange). */
export const appScopedId = (): string => digitString(17);

/**
 * A message id as Meta's look: base64 of "ig_message_item:1:IGMessage..." with the account's id
 * in it. Nothing reads it back; only its look and uniqueness matter.
 */
export const igMid = (accountId: string): string =>
  `aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOj${Buffer.from(`${accountId}:${digitString(19)}`).toString('base64url')}`;

/** An Instagram User access token: Meta's start with IGAA. */
export const igToken = (): string => `IGAA${randomBytes(90).toString('base64url')}`;

/** A JSON or form value as text: a string as it is, anything else (absent, an object) empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function answer(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

export function answerPage(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location, 'content-length': 0 });
  response.end();
}

/** The file name a Content-Disposition names (RFC 6266: `filename*` before `filename`). */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain `filename` below is the fallback RFC 6266 gives.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || undefined;
}

/**
 * The fields a Graph read asked for, answered from what the node has: `id` always, the others
 * only when asked; a field the node does not have is Meta's error 100.
 */
export function pickFields(
  asked: string | null,
  node: Record<string, unknown>,
  nodeType: string,
): Record<string, unknown> {
  const picked: Record<string, unknown> = { id: node.id };
  for (const field of (asked ?? '').split(',').map((name) => name.trim())) {
    if (field === '' || field === 'id') continue;
    if (!(field in node))
      throw graphError(
        400,
        100,
        `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`,
      );
    picked[field] = node[field];
  }
  return picked;
}

/** A 1×1 PNG: the profile picture every customer has here. */
export const PROFILE_PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? '',
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;

/** The authorization window's refusal page (an unknown app, a request out of shape). */
export const refusalPage = (message: string): string =>
  page('Instagram', `<h1>Sorry, this page isn't available.</h1><p>${escape(message)}</p>`);

/** The window with no one signed in: Instagram asks to log in first, and offers no choice. */
export const signInPage = (): string =>
  page(
    'Login • Instagram',
    '<h1>Log in to Instagram</h1><p>Sign in to your Instagram professional account to continue.</p>',
  );

/**
 * The consent page: who is signed in, what the app asks for, and the two buttons, each a form
 * carrying the request's parameters to the decision (as a GET, so a test browser just clicks).
 */
export function consentPage(
  account: { username: string; name: string },
  params: URLSearchParams,
  scopes: string[],
): string {
  const hidden = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state']
    .filter((name) => params.has(name))
    .map((name) => `<input type="hidden" name="${name}" value="${escape(params.get(name) ?? '')}">`)
    .join('');
  const form = (decision: 'allow' | 'deny', button: string) =>
    `<form method="get" action="/oauth/decide">${hidden}<input type="hidden" name="decision" value="${decision}">${button}</form>`;
  return page(
    'Instagram',
    `<h1>Allow this app to access your account?</h1>` +
      `<p data-testid="instagram-account">Signed in as <strong>${escape(account.name)}</strong> (@${escape(account.username)})</p>` +
      `<ul>${scopes.map((scope) => `<li>${escape(scope)}</li>`).join('')}</ul>` +
      form('allow', '<button data-testid="instagram-allow">Allow</button>') +
      form('deny', '<button data-testid="instagram-deny">Not now</button>'),
  );
}

/** The webhook fields an Instagram account can be subscribed to (`subscribed_apps`). */
export const WEBHOOK_FIELDS = [
  'messages',
  'messaging_postbacks',
  'messaging_seen',
  'messaging_reactions',
  'messaging_referral',
  'messaging_optins',
  'message_edit',
  'comments',
  'live_comments',
  'mentions',
];

/** The webhook field a messaging item belongs to (an echo comes with `messages`). */
export const fieldOf = (item: IgMessaging): string =>
  item.read ? 'messaging_seen' : item.message ? 'messages' : 'messaging_postbacks';

/** Graph's refusal of a node it has not, or not for this token (subcode 33). */
export const unsupported = (verb: string, id: string): GraphError =>
  graphError(
    400,
    100,
    `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    { error_subcode: 33 },
  );

/** Up to 13 text quick replies under a text; Meta cuts a title over 20 characters, not refuses it. */
export function quickReplies(message: { quick_replies?: unknown }, hasText: boolean): string[] {
  const replies = message.quick_replies;
  if (!Array.isArray(replies) || replies.length === 0 || !hasText)
    throw graphError(
      400,
      100,
      '(#100) Param message[quick_replies] needs 1 to 13 replies under a text',
    );
  if (replies.length > 13)
    throw graphError(400, 100, '(#100) Param message[quick_replies] must have at most 13 items');
  return replies.map((reply: unknown, index) => {
    const { content_type: type, title, payload } = (reply ?? {}) as Record<string, unknown>;
    if (type !== 'text' || text(title) === '' || text(payload) === '')
      throw graphError(
        400,
        100,
        `(#100) Param message[quick_replies][${index}] must be a text reply with a title and a payload`,
      );
    // Cut by code points, so an emoji is kept whole or left out, never halved.
    return Array.from(text(title)).slice(0, 20).join('');
  });
}

/** Meta fetches an attachment's url when the message is sent; one it cannot get is refused. */
export async function fetchAttachment(attachment: unknown): Promise<SentInstagram['attachment']> {
  const { type, payload } = (attachment ?? {}) as { type?: unknown; payload?: { url?: unknown } };
  if (type !== 'image' && type !== 'video' && type !== 'audio' && type !== 'file')
    throw graphError(
      400,
      100,
      '(#100) Param message[attachment][type] must be one of {image, video, audio, file}',
    );
  const url = text(payload?.url);
  if (!/^https?:\/\//.test(url))
    throw graphError(400, 100, '(#100) Param message[attachment][payload][url] must be a URL');
  const failure = graphError(400, 100, 'Upload attachment failure', {
    error_subcode: 2018047,
  });
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw failure;
  }
  if (!response.ok) {
    await response.arrayBuffer().catch(() => undefined);
    throw failure;
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  const name = fileNameOf(response.headers.get('content-disposition'));
  return {
    type,
    url,
    bytes,
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    ...(name !== undefined ? { name } : {}),
  };
}
