import type * as v from 'valibot';
import {
  ChannelSchema,
  ChatHistoryEntrySchema,
  ChatSchema,
  ClientSchema,
  MessageSchema,
  OrganizationSchema,
  RequestCategorySchema,
  RoleSchema,
  TeamSchema,
  UserSchema,
  TemplateSchema,
  TemplateCategorySchema,
  type SyncTable,
} from '../protocol';

/** The protocol schema each synced table's rows must match before they are stored. */
export const ROW_SCHEMAS: Record<SyncTable, v.GenericSchema> = {
  organizations: OrganizationSchema,
  roles: RoleSchema,
  users: UserSchema,
  teams: TeamSchema,
  channels: ChannelSchema,
  clients: ClientSchema,
  requestCategories: RequestCategorySchema,
  chats: ChatSchema,
  messages: MessageSchema,
  chatHistory: ChatHistoryEntrySchema,
  templates: TemplateSchema,
  templateCategories: TemplateCategorySchema,
};
