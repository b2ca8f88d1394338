import * as v from 'valibot';
import {
  AUTO_REPLY_KINDS,
  AutoRepliesSavePayload,
  AutoReplySchema,
  LIMITS,
  buttonProblemOf,
  type ApiError,
  type AutoReplyKind,
  type AutoReplyRow,
} from '../../protocol';
import { problemsOf, type FieldProblem } from '../../ui/forms/field-problems';

export type AutoRepliesSave = v.InferOutput<typeof AutoRepliesSavePayload>;
export type WaitMinutes = (typeof LIMITS.autoReplyWaitMinutes)[number];

/** One kind's reply as the form holds it: buttons one per line, as they are typed. */
export type ReplyValues = {
  enabled: boolean;
  text: string;
  buttons: string;
  /** Whether the server has this kind stored: a stored one is always sent, so it can be switched off. */
  stored: boolean;
  /** Files of a stored reply, kept as they are: this form does not change them. */
  attachments: AutoReplyRow['attachments'];
};
export type AutoRepliesValues = {
  waitMinutes: string;
  replies: Record<AutoReplyKind, ReplyValues>;
};

export type ReplyProblems = Partial<Record<'text' | 'buttons', FieldProblem>>;
export type AutoRepliesProblems = Partial<Record<AutoReplyKind, ReplyProblems>>;

const asWait = (minutes: number): WaitMinutes =>
  LIMITS.autoReplyWaitMinutes.find((m) => m === minutes) ?? LIMITS.autoReplyWaitMinutes[0];

/** The tab's values from the channel's stored replies; a kind not stored starts off and empty. */
export function autoRepliesDefaults(
  waitMinutes: number,
  rows: readonly AutoReplyRow[],
): AutoRepliesValues {
  const replies = {} as Record<AutoReplyKind, ReplyValues>;
  for (const kind of AUTO_REPLY_KINDS) {
    const row = rows.find((r) => r.kind === kind);
    replies[kind] = row
      ? {
          enabled: row.enabled,
          text: row.text,
          buttons: row.buttons.join('\n'),
          stored: true,
          attachments: row.attachments,
        }
      : { enabled: false, text: '', buttons: '', stored: false, attachments: [] };
  }
  return { waitMinutes: String(asWait(waitMinutes)), replies };
}

const buttonsOf = (typed: string): string[] =>
  typed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * Which replies the save carries: every stored kind (so switching one off is saved) and every kind
 * switched on or given a text. A kind never stored, off and empty is left out: the server keeps
 * "kinds left out as they are", and an empty text would be refused (DEFAULT_MESSAGE_EMPTY).
 */
const carried = (reply: ReplyValues): boolean =>
  reply.stored || reply.enabled || reply.text.trim() !== '';

/**
 * The tab checked with the schema `autoReplies.save` is parsed with: a reply switched on or kept
 * needs its text (DEFAULT_MESSAGE_EMPTY); its buttons must fit the channel's type, as the server
 * checks them (at most 10 of at most 64 characters, fewer or shorter where the provider shows
 * fewer: TOO_MANY_BUTTONS, BUTTON_TEXT_TOO_LONG, each with its maximum). The payload, or each
 * reply's problems.
 */
export function checkAutoRepliesForm(
  values: AutoRepliesValues,
  channelId: string,
  channelType: string,
): { ok: true; payload: AutoRepliesSave } | { ok: false; problems: AutoRepliesProblems } {
  const problems: AutoRepliesProblems = {};
  const replies = AUTO_REPLY_KINDS.filter((kind) => carried(values.replies[kind])).map((kind) => {
    const reply = values.replies[kind];
    return {
      kind,
      enabled: reply.enabled,
      text: reply.text,
      buttons: buttonsOf(reply.buttons),
      attachments: reply.attachments,
    };
  });
  for (const reply of replies) {
    const parsed = v.safeParse(AutoReplySchema, reply);
    const found: ReplyProblems = parsed.success
      ? {}
      : problemsOf(parsed.issues, ['text', 'buttons'] as const, reply);
    if (found.text && reply.text.trim() === '')
      found.text = { kind: 'error', name: 'DEFAULT_MESSAGE_EMPTY' };
    // The list's length and a button's length both read as "too long": say which by name, with
    // the channel's own maximum.
    const buttons = buttonProblemOf(channelType, reply.buttons);
    if (buttons) found.buttons = { kind: 'error', name: buttons.name, params: buttons.params };
    if (found.text || found.buttons) problems[reply.kind] = found;
  }
  const input = { channelId, waitMinutes: Number(values.waitMinutes), replies };
  const parsed = v.safeParse(AutoRepliesSavePayload, input);
  if (parsed.success && Object.keys(problems).length === 0)
    return { ok: true, payload: parsed.output };
  return { ok: false, problems };
}

/** A refusal of the whole save in words' place: the server's error, above the buttons. */
export const autoRepliesRefusal = (error: ApiError | undefined): FieldProblem =>
  error
    ? { kind: 'error', name: error.name, params: error.params }
    : { kind: 'error', name: 'UNKNOWN_ERROR' };
