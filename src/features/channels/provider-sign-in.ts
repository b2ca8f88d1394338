import * as v from 'valibot';
import {
  AUTHORIZATION_FAILURES,
  ChannelAuthorizationViewSchema,
  IdSchema,
  type ApiError,
  type AuthorizationFailure,
  type ChannelAuthorizationView,
  type ConnectableChannelType,
} from '../../protocol';
import type { ApiClient } from '../../ui/http';
import type { ChannelFormValues } from './channel-form';

/**
 * Signing in at a provider from a channel's wizard (docs/channels.md "Authorised channels"): the
 * administrator leaves for the provider's page and comes back to the same wizard, which must
 * then hold what they had typed and the channel id the sign-in was made for. Both wait in the
 * tab's session storage, keyed by type, while they are away; nothing secret is kept there.
 */
export type SignInDraft = { channelId: string; values: ChannelFormValues };

const DraftSchema = v.object({
  channelId: IdSchema,
  values: v.object({
    name: v.string(),
    teamId: v.string(),
    notificationEmail: v.string(),
    teamVisibility: v.boolean(),
    active: v.boolean(),
    ratingText: v.string(),
    ratingBeforeEnd: v.boolean(),
    settings: v.record(v.string(), v.string()),
    secrets: v.record(v.string(), v.string()),
  }),
});

const draftKey = (type: ConnectableChannelType) => `channel-sign-in:${type}`;

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps the wizard's fields (without any secret typed) for the way back. */
export function keepDraft(store: SessionStore, type: ConnectableChannelType, draft: SignInDraft) {
  const values = { ...draft.values, secrets: {} };
  try {
    store.setItem(draftKey(type), JSON.stringify({ channelId: draft.channelId, values }));
  } catch {
    // Storage refused (a private mode): the wizard comes back empty, the sign-in still counts.
  }
}

/** The draft kept for this type, if any and well formed. */
export function readDraft(store: SessionStore, type: ConnectableChannelType): SignInDraft | null {
  let raw: string | null;
  try {
    raw = store.getItem(draftKey(type));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = v.safeParse(DraftSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function dropDraft(store: SessionStore, type: ConnectableChannelType): void {
  try {
    store.removeItem(draftKey(type));
  } catch {
    // Nothing to drop.
  }
}

/** What the provider's return put in the wizard's address: a sign-in to use, or why not. */
export type SignInOutcome =
  { kind: 'granted'; authorizationId: string } | { kind: 'failed'; reason: AuthorizationFailure };

export function signInOutcome(search: string): SignInOutcome | null {
  const query = new URLSearchParams(search);
  const granted = v.safeParse(IdSchema, query.get('authorization'));
  if (granted.success) return { kind: 'granted', authorizationId: granted.output };
  const failed = v.safeParse(v.picklist(AUTHORIZATION_FAILURES), query.get('authorizationError'));
  return failed.success ? { kind: 'failed', reason: failed.output } : null;
}

/** An online call's end: done, refused by name, or no answer (the wizard keeps its fields). */
export type SignInCall<T> =
  { kind: 'done'; value: T } | { kind: 'refused'; error: ApiError } | { kind: 'unreachable' };

function callOf<T>(
  answer: Awaited<ReturnType<ApiClient['request']>>,
  schema: v.GenericSchema<unknown, T>,
): SignInCall<T> {
  if (answer === null) return { kind: 'unreachable' };
  if (answer.code === 'error') return { kind: 'refused', error: answer.error };
  const parsed = answer.code === 'ok' ? v.safeParse(schema, answer.entity) : null;
  if (parsed?.success) return { kind: 'done', value: parsed.output };
  return { kind: 'refused', error: { name: 'UNKNOWN_ERROR' } };
}

/** Starts a sign-in: the provider's page to go to. */
export async function startSignIn(
  api: ApiClient,
  body: {
    type: ConnectableChannelType;
    channelId: string;
    returnTo: string;
    /** A second sign-in: the first one and what was picked from its choices. */
    from?: string;
    choice?: string;
  },
): Promise<SignInCall<{ authorizeUrl: string }>> {
  return callOf(
    await api.request('POST', '/api/channel-authorizations', { body }),
    v.object({ authorizationId: IdSchema, authorizeUrl: v.pipe(v.string(), v.url()) }),
  );
}

/** A completed sign-in, for the wizard to name the account before the save. */
export async function readSignIn(
  api: ApiClient,
  authorizationId: string,
): Promise<SignInCall<ChannelAuthorizationView>> {
  return callOf(
    await api.request('GET', `/api/channel-authorizations/${authorizationId}`),
    ChannelAuthorizationViewSchema,
  );
}
