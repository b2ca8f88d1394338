import { notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { IdSchema } from '../../protocol';
import { leave } from './leave';

/*
 * Ids the app reads from its address, in the search (`users/edit?id=`, `chat-bots/bot?id=`,
 * `chats?chat=`, `merge-contacts?clientId=`) or the path (`channels/$type/edit/$id`, `categories/template/$id`,
 * `link-action/$uuid`, `bot-action/$uuid`), are checked here by the protocol's IdSchema, at the
 * route, so a screen is only ever given a well-formed id. A malformed one means the address names
 * no page: the not-found page shows, as for an unknown path (spec §2, §8). A well-formed id of no
 * row the screen tells in its own words ("This user was not found"), once it has looked.
 *
 * A search that fails its route's schema reaches the root's error page as TanStack Router's
 * SearchParamError, which shows it as not found (pages/status-pages.tsx); a path id throws the
 * router's notFound itself.
 */

/** An optional id in the search, e.g. `?id=` of the row a screen edits (none for a new one). */
export const OptionalIdSearch = v.optional(IdSchema);

/** `?clientId=` of the contact merge: the profile to start from, absent when opened from the menu. */
export const MergeClientSearchSchema = v.object({ clientId: OptionalIdSearch });

/** `?id=`: the row a screen edits, absent while a new one is made. */
export const EditIdSearchSchema = v.object({ id: OptionalIdSearch });

/** A path segment that holds an id: itself when well-formed, else the route is not found. */
export function pathId(segment: string): string {
  if (!v.is(IdSchema, segment)) leave(notFound());
  return segment;
}
