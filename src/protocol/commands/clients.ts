import * as v from 'valibot';
import { IdSchema } from '../ids';
import { LIMITS } from '../limits';
import { SafeText } from '../text';
import { CONTACT_KINDS, ClientFieldSchema, TagSchema } from '../entities/client';
import { ClientStatusSchema } from '../entities/client-status';
import { CompanySchema } from '../entities/company';
import { commandArea } from './command-area';

/** A client's name as the profile edits it. */
const ClientName = v.pipe(
  v.string(),
  v.trim(),
  SafeText,
  v.minLength(1),
  v.maxLength(LIMITS.clientNameMax),
);

/**
 * A contact as typed: normalised and checked by kind on the server (`normalizeContact`: a phone
 * that is no number is INVALID_PHONE, an e-mail INVALID_EMAIL_FORMAT), since the phone metadata
 * is not part of every screen's code.
 */
const ContactValue = v.pipe(v.string(), v.trim(), SafeText, v.minLength(1), v.maxLength(254));

/** A staff member creates a client (the Create chat pane, the profile list). */
export const ClientCreatePayload = v.object({
  clientId: IdSchema,
  name: ClientName,
  phone: v.optional(v.nullable(ContactValue), null),
  email: v.optional(v.nullable(ContactValue), null),
});

/**
 * Changes what is set on the profile itself; an absent field stays. `status` is an inner status
 * name or a custom status id (PROFILE_STATUS_NOT_FOUND); the manager is an active user of the
 * organization (USER_NOT_FOUND) or null.
 */
export const ClientUpdatePayload = v.object({
  clientId: IdSchema,
  name: v.optional(ClientName),
  status: v.optional(v.pipe(v.string(), v.maxLength(64))),
  personalManagerId: v.optional(v.nullable(IdSchema)),
});

export const ClientSetSpamPayload = v.object({ clientId: IdSchema, spam: v.boolean() });

export const ClientTagPayload = v.object({
  clientId: IdSchema,
  tag: v.pipe(TagSchema, SafeText),
});

export const ClientAddCommentPayload = v.object({
  commentId: IdSchema,
  clientId: IdSchema,
  text: v.pipe(
    v.string(),
    v.trim(),
    SafeText,
    v.minLength(1),
    v.maxLength(LIMITS.clientCommentMax),
  ),
});
export const ClientDeleteCommentPayload = v.object({ commentId: IdSchema });

export const ClientFieldPayload = v.object({
  clientId: IdSchema,
  name: v.pipe(ClientFieldSchema.entries.name, SafeText),
  value: v.pipe(ClientFieldSchema.entries.value, SafeText),
});
export const ClientRemoveFieldPayload = v.object({
  clientId: IdSchema,
  name: ClientFieldSchema.entries.name,
});

/** A phone or e-mail typed on the profile; channel identities come only from channels. */
export const ClientAddContactPayload = v.object({
  contactId: IdSchema,
  clientId: IdSchema,
  kind: v.picklist(['phone', 'email']),
  value: ContactValue,
});
export const ClientRemoveContactPayload = v.object({ contactId: IdSchema });

export const CompanyCreatePayload = v.object({
  companyId: IdSchema,
  name: v.pipe(CompanySchema.entries.name, SafeText),
  outerId: v.optional(
    v.nullable(
      v.pipe(v.string(), v.trim(), SafeText, v.minLength(1), v.maxLength(LIMITS.outerIdMax)),
    ),
    null,
  ),
  /** Links the new company to this client at once (the profile's "create company"). */
  clientId: v.optional(v.nullable(IdSchema), null),
});
export const ClientCompanyPayload = v.object({ clientId: IdSchema, companyId: IdSchema });

/** Which profile's value a merge keeps, field by field. */
const Side = v.picklist(['survivor', 'merged']);

/**
 * Merges one profile into another (spec §2 "contact merge"). The user chooses the survivor and,
 * per field, whose value wins; contacts, tags, companies, comments, chats and messages all move to
 * the survivor, and an additional field both hold takes the side `fields` names (the survivor's
 * when absent). The merged profile stays as an alias (`clientMerges`).
 */
export const ClientMergePayload = v.object({
  survivorId: IdSchema,
  mergedId: IdSchema,
  choices: v.optional(
    v.object({
      name: v.optional(Side, 'survivor'),
      status: v.optional(Side, 'survivor'),
      personalManagerId: v.optional(Side, 'survivor'),
      fields: v.optional(
        v.pipe(
          v.array(v.object({ name: ClientFieldSchema.entries.name, side: Side })),
          v.maxLength(LIMITS.clientFieldsMax),
        ),
        [],
      ),
    }),
    {},
  ),
});

/** A custom status as the statuses page saves it (spec §5: name and colour required). */
export const ClientStatusSavePayload = v.object({
  statusId: IdSchema,
  name: v.pipe(ClientStatusSchema.entries.name, SafeText),
  /** A name from STATUS_COLOURS (COLOR_NOT_FOUND otherwise). */
  colour: v.pipe(v.string(), v.maxLength(32)),
});
export const ClientStatusDeletePayload = v.object({ statusId: IdSchema });

export const BlacklistAddPayload = v.object({
  entryId: IdSchema,
  kind: v.picklist(CONTACT_KINDS),
  value: ContactValue,
  /** The channel of a channel identity; none for a phone or an e-mail. */
  channelId: v.optional(v.nullable(IdSchema), null),
});
export const BlacklistRemovePayload = v.object({ entryId: IdSchema });

export const CLIENT_COMMANDS = commandArea(
  {
    'client.create': ClientCreatePayload,
    'client.update': ClientUpdatePayload,
    'client.setSpam': ClientSetSpamPayload,
    'client.addTag': ClientTagPayload,
    'client.removeTag': ClientTagPayload,
    'client.addComment': ClientAddCommentPayload,
    'client.deleteComment': ClientDeleteCommentPayload,
    'client.addField': ClientFieldPayload,
    'client.updateField': ClientFieldPayload,
    'client.removeField': ClientRemoveFieldPayload,
    'client.addContact': ClientAddContactPayload,
    'client.removeContact': ClientRemoveContactPayload,
    'client.linkCompany': ClientCompanyPayload,
    'client.unlinkCompany': ClientCompanyPayload,
    'client.merge': ClientMergePayload,
    'company.create': CompanyCreatePayload,
    'clientStatus.create': ClientStatusSavePayload,
    'clientStatus.update': ClientStatusSavePayload,
    'clientStatus.delete': ClientStatusDeletePayload,
    'blacklist.add': BlacklistAddPayload,
    'blacklist.remove': BlacklistRemovePayload,
  },
  [
    'client.create',
    'client.update',
    'client.setSpam',
    'client.addTag',
    'client.removeTag',
    'client.addComment',
    'client.deleteComment',
    'client.addField',
    'client.updateField',
    'client.removeField',
    'client.addContact',
    'client.removeContact',
    'client.linkCompany',
    'client.unlinkCompany',
    'client.merge',
    'company.create',
    'clientStatus.create',
    'clientStatus.update',
    'clientStatus.delete',
    'blacklist.add',
    'blacklist.remove',
  ],
);
