import type { AreaHandlers } from '../core/area-handlers';
import { blacklistAdd, blacklistRemove } from './blacklist';
import { clientAddComment, clientDeleteComment } from './client-comments';
import { clientLinkCompany, clientUnlinkCompany, companyCreate } from './client-companies';
import { clientAddContact, clientRemoveContact } from './client-contacts';
import { clientCreate } from './client-create';
import { clientAddField, clientRemoveField, clientUpdateField } from './client-fields';
import { clientMerge } from './client-merge';
import { clientSetSpam } from './client-spam';
import { clientStatusDelete } from './client-status-delete';
import { clientStatusCreate, clientStatusUpdate } from './client-status-save';
import { clientAddTag, clientRemoveTag } from './client-tags';
import { clientUpdate } from './client-update';

/** Client profiles, their companies, the organization's statuses and the blacklist (docs/client-profiles.md). */
export const clientHandlers = {
  'client.create': clientCreate,
  'client.update': clientUpdate,
  'client.setSpam': clientSetSpam,
  'client.addTag': clientAddTag,
  'client.removeTag': clientRemoveTag,
  'client.addComment': clientAddComment,
  'client.deleteComment': clientDeleteComment,
  'client.addField': clientAddField,
  'client.updateField': clientUpdateField,
  'client.removeField': clientRemoveField,
  'client.addContact': clientAddContact,
  'client.removeContact': clientRemoveContact,
  'client.linkCompany': clientLinkCompany,
  'client.unlinkCompany': clientUnlinkCompany,
  'client.merge': clientMerge,
  'company.create': companyCreate,
  'clientStatus.create': clientStatusCreate,
  'clientStatus.update': clientStatusUpdate,
  'clientStatus.delete': clientStatusDelete,
  'blacklist.add': blacklistAdd,
  'blacklist.remove': blacklistRemove,
} satisfies AreaHandlers;
