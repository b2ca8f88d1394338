import type * as schema from '../db/schema';
import type {
  Chatbot,
  ChatbotVersion,
  MessengerTemplate,
  AutoReplyRow,
  Channel,
  ChannelHealth,
  Chat,
  ChatHistoryEntry,
  DayFigures,
  BlacklistEntry,
  BlockedMessage,
  Client,
  ClientComment,
  ClientContact,
  ClientMerge,
  ClientStatus,
  Company,
  Message,
  Organization,
  RequestCategory,
  Role,
  RoutingRule,
  Team,
  User,
  Template,
  TemplateCategory,
} from '../../src/protocol';

/**
 * Database rows to the protocol entities sent to browsers (camelCase, ISO times, no secrets).
 * Every row that leaves the server passes through one of these.
 */
const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const organizationRow = (r: typeof schema.organizations.$inferSelect): Organization => ({
  id: r.id,
  login: r.login,
  name: r.name,
  adminEmail: r.adminEmail,
  status: r.status,
  tariff: r.tariff,
  tariffStartedAt: iso(r.tariffStartedAt),
  balance: r.balance,
  language: r.language,
  licenseCount: r.licenseCount,
  usesCategories: r.usesCategories,
  timeZone: r.timeZone,
  options: r.options as Organization['options'],
  updatedAt: iso(r.updatedAt),
});

export const roleRow = (r: typeof schema.roles.$inferSelect): Role => ({
  id: r.id,
  name: r.name,
  description: r.description,
  rights: r.rights as Role['rights'],
  immutable: r.immutable,
});

export const userRow = (r: typeof schema.users.$inferSelect): User => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  photoUrl: r.photoUrl,
  affiliation: r.affiliation,
  roleId: r.roleId,
  teamIds: r.teamIds,
  autoBreakMinutes: r.autoBreakMinutes,
  active: r.active,
  language: r.language,
  operatorStatus: r.operatorStatus,
  online: r.online,
  totpEnabled: r.totpEnabled,
  lastActivityAt: isoOrNull(r.lastActivityAt),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const teamRow = (r: typeof schema.teams.$inferSelect): Team => ({
  id: r.id,
  name: r.name,
  description: r.description,
  distributionMethod: r.distributionMethod,
  dialogLimit: r.dialogLimit,
  redistributionMinutes: r.redistributionMinutes,
  autoCloseMinutes: r.autoCloseMinutes,
  unattendedCloseHours: r.unattendedCloseHours as Team['unattendedCloseHours'],
  inactivityMinutes: r.inactivityMinutes,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const channelRow = (r: typeof schema.channels.$inferSelect): Channel => ({
  id: r.id,
  name: r.name,
  type: r.type as Channel['type'],
  active: r.active,
  teamId: r.teamId,
  notificationEmail: r.notificationEmail,
  halfExpiredMinutes: r.halfExpiredMinutes,
  expiredMinutes: r.expiredMinutes,
  autoReplyWaitMinutes: r.autoReplyWaitMinutes,
  settings: r.settings,
  // Secrets are write-only: the browser learns which are set, never a value (docs/channels.md).
  secretsSet: Object.keys(r.secrets)
    .filter((name) => typeof r.secrets[name] === 'string' && r.secrets[name] !== '')
    .sort(),
  teamVisibility: r.teamVisibility,
  ratingText: r.ratingText,
  ratingBeforeEnd: r.ratingBeforeEnd,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const channelHealthRow = (r: typeof schema.channelHealth.$inferSelect): ChannelHealth => ({
  id: r.id,
  connected: r.connected,
  lastInboundAt: isoOrNull(r.lastInboundAt),
  lastOutboundAt: isoOrNull(r.lastOutboundAt),
  lastError: r.lastError,
  lastErrorAt: isoOrNull(r.lastErrorAt),
  setAsideEvents: r.setAsideEvents,
  pendingDeliveries: r.pendingDeliveries,
  reauthorizationRequired: r.reauthorizationRequired,
  updatedAt: iso(r.updatedAt),
});

export const dayFiguresRow = (r: typeof schema.dayFigures.$inferSelect): DayFigures => ({
  id: r.id,
  day: r.day,
  channelId: r.channelId,
  teamId: r.teamId,
  operatorId: r.operatorId,
  // int8[] elements may come back as text from node-postgres.
  firstReply: r.firstReply.map(Number),
  reaction: r.reaction.map(Number),
  assigned: r.assigned,
  closed: r.closed,
});

export const clientRow = (r: typeof schema.clients.$inferSelect): Client => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  status: r.status,
  tags: r.tags,
  fields: r.fields,
  companyIds: r.companyIds,
  personalManagerId: r.personalManagerId,
  spam: r.spam,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const clientContactRow = (r: typeof schema.clientContacts.$inferSelect): ClientContact => ({
  id: r.id,
  clientId: r.clientId,
  kind: r.kind,
  value: r.value,
  channelId: r.channelId,
  createdAt: iso(r.createdAt),
});

export const clientCommentRow = (r: typeof schema.clientComments.$inferSelect): ClientComment => ({
  id: r.id,
  clientId: r.clientId,
  authorId: r.authorId,
  text: r.text,
  createdAt: iso(r.createdAt),
});

export const clientMergeRow = (r: typeof schema.clientMerges.$inferSelect): ClientMerge => ({
  id: r.id,
  survivorId: r.survivorId,
  name: r.name,
  mergedBy: r.mergedBy,
  mergedAt: iso(r.mergedAt),
});

export const clientStatusRow = (r: typeof schema.clientStatuses.$inferSelect): ClientStatus => ({
  id: r.id,
  name: r.name,
  colour: r.colour,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const companyRow = (r: typeof schema.companies.$inferSelect): Company => ({
  id: r.id,
  name: r.name,
  outerId: r.outerId,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const blacklistRow = (r: typeof schema.blacklist.$inferSelect): BlacklistEntry => ({
  id: r.id,
  kind: r.kind,
  value: r.value,
  channelId: r.channelId,
  addedBy: r.addedBy,
  addedAt: iso(r.addedAt),
});

export const blockedMessageRow = (
  r: typeof schema.blockedMessages.$inferSelect,
): BlockedMessage => ({
  id: r.id,
  entryId: r.entryId,
  channelId: r.channelId,
  externalId: r.externalId,
  name: r.name,
  text: r.text,
  attachmentCount: r.attachmentCount,
  receivedAt: iso(r.receivedAt),
});

export const requestCategoryRow = (
  r: typeof schema.requestCategories.$inferSelect,
): RequestCategory => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  teamIds: r.teamIds,
  retired: r.retired,
});

export const templateCategoryRow = (
  r: typeof schema.templateCategories.$inferSelect,
): TemplateCategory => ({
  id: r.id,
  name: r.name,
  teamIds: r.teamIds,
});

export const templateRow = (r: typeof schema.templates.$inferSelect): Template => ({
  id: r.id,
  title: r.title,
  text: r.text,
  categoryId: r.categoryId,
  teamIds: r.teamIds,
});

export const chatRow = (r: typeof schema.chats.$inferSelect): Chat => ({
  id: r.id,
  status: r.status,
  channelId: r.channelId,
  clientId: r.clientId,
  teamId: r.teamId,
  operatorId: r.operatorId,
  categoryId: r.categoryId,
  createdBy: r.createdBy,
  expiry: r.expiry,
  rating: r.rating,
  lastMessageAt: iso(r.lastMessageAt),
  lastClientMessageAt: isoOrNull(r.lastClientMessageAt),
  lastOperatorMessageAt: isoOrNull(r.lastOperatorMessageAt),
  closedAt: isoOrNull(r.closedAt),
  queuedAt: isoOrNull(r.queuedAt),
  assignedAt: isoOrNull(r.assignedAt),
  unansweredSince: isoOrNull(r.unansweredSince),
  firstReplyAt: isoOrNull(r.firstReplyAt),
  firstReplyBy: r.firstReplyBy,
  reactedAt: isoOrNull(r.reactedAt),
  lastHumanOperatorId: r.lastHumanOperatorId,
  // Only while a bot holds it: every other chat's row stays as short.
  ...(r.botId ? { botId: r.botId } : {}),
  ...(r.lastMessagePreview ? { lastMessagePreview: r.lastMessagePreview } : {}),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const messageRow = (r: typeof schema.messages.$inferSelect): Message => ({
  id: r.id,
  chatId: r.chatId,
  authorKind: r.authorKind,
  authorId: r.authorId,
  text: r.text,
  internal: r.internal,
  status: r.status,
  attachments: r.attachments,
  buttons: r.buttons,
  // Only on a bot's messages with link buttons.
  ...(r.links.length > 0 ? { links: r.links } : {}),
  failureReason: r.failureReason,
  // Only on the few replies held for their channel: every other message's row stays as short.
  ...(r.heldFor ? { heldFor: r.heldFor } : {}),
  // Only on the few messages sent as a template: every other message's row stays as short.
  ...(r.template
    ? {
        template: {
          templateId: r.template.templateId,
          name: r.template.name,
          language: r.template.language,
        },
      }
    : {}),
  createdAt: iso(r.createdAt),
});

export const chatHistoryRow = (r: typeof schema.chatHistory.$inferSelect): ChatHistoryEntry => ({
  id: r.id,
  chatId: r.chatId,
  kind: r.kind as ChatHistoryEntry['kind'],
  actorId: r.actorId,
  data: r.data,
  at: iso(r.at),
});

export const routingRuleRow = (r: typeof schema.routingRules.$inferSelect): RoutingRule => ({
  id: r.id,
  channelId: r.channelId,
  name: r.name,
  isDefault: r.isDefault,
  priority: r.priority,
  conditions: r.conditions,
  action: r.action,
});

export const autoReplyRow = (r: typeof schema.autoReplies.$inferSelect): AutoReplyRow => ({
  id: r.id,
  channelId: r.channelId,
  kind: r.kind,
  enabled: r.enabled,
  text: r.text,
  buttons: r.buttons,
  attachments: r.attachments,
  updatedAt: iso(r.updatedAt),
});

/** A registered messenger template: its provider id and its trip's job columns stay on the server. */
export const messengerTemplateRow = (
  r: typeof schema.messengerTemplates.$inferSelect,
): MessengerTemplate => ({
  id: r.id,
  channelId: r.channelId,
  name: r.name,
  category: r.category,
  language: r.language,
  header: r.header,
  text: r.text,
  footer: r.footer,
  buttons: r.buttons,
  status: r.status,
  reason: r.reason,
  registeredAt: r.registeredAt ? iso(r.registeredAt) : null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const chatbotRow = (r: typeof schema.chatbots.$inferSelect): Chatbot => ({
  id: r.id,
  name: r.name,
  description: r.description,
  defaultMessage: r.defaultMessage,
  scenario: r.scenario,
  version: r.version,
  publishedVersion: r.publishedVersion,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export const chatbotVersionRow = (
  r: typeof schema.chatbotVersions.$inferSelect,
): ChatbotVersion => ({
  id: r.id,
  chatbotId: r.chatbotId,
  version: r.version,
  name: r.name,
  defaultMessage: r.defaultMessage,
  scenario: r.scenario,
  publishedAt: iso(r.publishedAt),
  publishedBy: r.publishedBy,
});
