import type { CurrentUser } from '../../protocol';

/** How the signed-in user may use a client profile (features/clients' ProfileAccess). */
export type ClientProfileAccess = 'edit' | 'noRight' | 'noOption';

/**
 * The profile is editable with the client-profile-update right on a plan that has the client
 * profile option (spec §1, §6); the server refuses either missing, so the screen says which is
 * missing instead of offering edits that would all be refused. Missing the option is told first:
 * no role can make up for it.
 */
export function clientProfileAccess(
  user: Pick<CurrentUser, 'role' | 'options'>,
): ClientProfileAccess {
  if (!user.options.includes('OPTION_CLIENT_PROFILE')) return 'noOption';
  if (!user.role.rights.some((right) => right.name === 'AUTHORITY_PROFILE_UPDATE'))
    return 'noRight';
  return 'edit';
}

/** The profile's full view, and the merge page opened for this client (spec §2). */
export const clientViewHref = (clientId: string): string => `/admin/clients/${clientId}`;
export const mergeContactsHref = (clientId: string): string =>
  `/admin/preferences/merge-contacts?clientId=${encodeURIComponent(clientId)}`;

/** The chat list a chat shows in, by its status, so the opened chat sits in its own list. */
export const chatListOf = (
  status: 'pending' | 'assigned' | 'closed',
): 'open' | 'assigned' | 'closed' => (status === 'pending' ? 'open' : status);

/** The organization's own statuses may be given to clients with the client-statuses pack only. */
export const customStatusesAllowed = (user: Pick<CurrentUser, 'options'>): boolean =>
  user.options.includes('OPTION_CLIENT_STATUSES');
