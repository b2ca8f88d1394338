import * as v from 'valibot';
import { AUTHORIZED_CHANNEL_TYPES } from './channel-settings';
import { IdSchema, TimestampSchema } from './ids';

/**
 * Connecting a channel by signing in at its provider (OAuth 2.0 authorization code; spec §2
 * "instagram (authorise, refresh token)"; docs/channels.md "Authorised channels"). The one part of
 * a channel wizard that cannot work offline: the administrator leaves for the provider's page and
 * comes back. The save that follows is an ordinary `channel.create` / `channel.update` command
 * through the outbox, naming the sign-in as its `grant`.
 */

/** The wizard pages a sign-in may come back to: a channel's create or edit page. */
export const AUTHORIZATION_RETURN_PATH =
  /^\/admin\/preferences\/channels\/[a-z_]+\/(create|edit\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** `POST /api/channel-authorizations`: start a sign-in for a channel being created or authorised again. */
export const ChannelAuthorizationStartSchema = v.object({
  type: v.picklist(AUTHORIZED_CHANNEL_TYPES),
  /** The channel's id: the new channel's (made by the wizard) or the existing one's. */
  channelId: IdSchema,
  returnTo: v.pipe(v.string(), v.regex(AUTHORIZATION_RETURN_PATH, 'VALIDATION_FAILED')),
  /**
   * A two-step provider's second sign-in (VK): the first sign-in, completed with choices, and
   * the one picked (a community's id), which this sign-in authorises.
   */
  from: v.optional(IdSchema),
  choice: v.optional(v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'VALIDATION_FAILED'))),
});
export type ChannelAuthorizationStart = v.InferOutput<typeof ChannelAuthorizationStartSchema>;

/** Its answer: where to send the administrator. */
export type ChannelAuthorizationStarted = { authorizationId: string; authorizeUrl: string };

/** Why a sign-in came back without credentials, as the wizard's `authorizationError` says it. */
export const AUTHORIZATION_FAILURES = ['denied', 'failed', 'expired'] as const;
export type AuthorizationFailure = (typeof AUTHORIZATION_FAILURES)[number];

/** One thing a first sign-in may connect: a community, by its id, name and short address. */
export const AuthorizationChoiceSchema = v.object({
  id: v.string(),
  name: v.string(),
  username: v.nullable(v.string()),
});
export type AuthorizationChoice = v.InferOutput<typeof AuthorizationChoiceSchema>;

/** `GET /api/channel-authorizations/:id`: a completed sign-in as the wizard shows it. */
export const ChannelAuthorizationViewSchema = v.object({
  id: IdSchema,
  type: v.picklist(AUTHORIZED_CHANNEL_TYPES),
  channelId: IdSchema,
  /** The account signed in with (its username and name), once the provider sent them back. */
  account: v.nullable(v.object({ username: v.nullable(v.string()), name: v.nullable(v.string()) })),
  /**
   * A two-step provider's first sign-in: what it may connect (the VK communities the person
   * administers), to pick one for the second; null once there is an account.
   */
  choices: v.nullable(v.array(AuthorizationChoiceSchema)),
  expiresAt: TimestampSchema,
});
export type ChannelAuthorizationView = v.InferOutput<typeof ChannelAuthorizationViewSchema>;
