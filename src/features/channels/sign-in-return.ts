import type { AuthorizationFailure, ConnectableChannelType } from '../../protocol';
import type { ChannelFormValues } from './channel-form';
import { dropDraft, readDraft, signInOutcome } from './provider-sign-in';

/** What a wizard opened by the provider's return starts from. */
export type SignInReturn = {
  /** The fields typed before leaving, if this tab kept them for this channel. */
  values: ChannelFormValues | null;
  /** The completed sign-in the save will name. */
  grant: string | null;
  failure: AuthorizationFailure | null;
};

/**
 * What the wizard reads as it opens: the provider's return in the address (a sign-in, or why not)
 * and the draft kept for this channel. Pure: forgetSignInReturn cleans up after the first render.
 */
export function signInReturn(type: ConnectableChannelType, channelId: string): SignInReturn {
  const none = { values: null, grant: null, failure: null };
  if (typeof window === 'undefined') return none;
  const outcome = signInOutcome(window.location.search);
  if (!outcome) return none;
  const draft = readDraft(window.sessionStorage, type);
  const values = draft?.channelId === channelId ? draft.values : null;
  return outcome.kind === 'failed'
    ? { values, grant: null, failure: outcome.reason }
    : { values, grant: outcome.authorizationId, failure: null };
}

/**
 * Once the wizard has taken the return: the address loses it (a reload does not name the
 * sign-in twice) and the draft is dropped.
 */
export function forgetSignInReturn(type: ConnectableChannelType): void {
  if (typeof window === 'undefined' || !signInOutcome(window.location.search)) return;
  window.history.replaceState(window.history.state, '', window.location.pathname);
  dropDraft(window.sessionStorage, type);
}

/**
 * The channel id a create wizard uses: the one a sign-in was made for when the provider sent the
 * administrator back to it, else none (the wizard makes a new one).
 */
export function returningChannelId(type: ConnectableChannelType): string | null {
  if (typeof window === 'undefined') return null;
  if (!signInOutcome(window.location.search)) return null;
  return readDraft(window.sessionStorage, type)?.channelId ?? null;
}
