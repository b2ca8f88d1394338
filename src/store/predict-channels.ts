import {
  AUTO_REPLY_KINDS,
  autoReplyId,
  type AutoReplyKind,
  type RoutingAction,
  type RoutingConditions,
  type SyncTable,
} from '../protocol';
import type { AnyRow, OutboxRow, SyncRows } from './tables';

type Pending = Pick<OutboxRow, 'type' | 'payload' | 'createdAt'>;
type Payload = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const numOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const isKind = (value: unknown): value is AutoReplyKind =>
  (AUTO_REPLY_KINDS as readonly unknown[]).includes(value);
const replies = (p: Payload): Payload[] =>
  Array.isArray(p.replies)
    ? p.replies.filter((r): r is Payload => typeof r === 'object' && r !== null)
    : [];

/** The rows each channel-settings command changes: its channel, its rule, its auto-replies. */
export function channelKeys(command: Pick<Pending, 'type' | 'payload'>): {
  table: SyncTable;
  key: string;
}[] {
  const p = command.payload;
  switch (command.type) {
    case 'channel.setThresholds':
      return [{ table: 'channels', key: str(p.channelId) }];
    case 'routingRule.save':
      return [{ table: 'routingRules', key: str(p.id) }];
    case 'routingRule.delete':
      return [{ table: 'routingRules', key: str(p.ruleId) }];
    case 'autoReplies.save': {
      const channelId = str(p.channelId);
      const kinds = replies(p)
        .map((reply) => reply.kind)
        .filter(isKind);
      return [
        { table: 'channels', key: channelId },
        ...kinds.map((kind) => ({
          table: 'autoReplies' as const,
          key: autoReplyId(channelId, kind),
        })),
      ];
    }
    default:
      return [];
  }
}

function predictRule(command: Pending, row: SyncRows['routingRules'] | undefined) {
  const p = command.payload;
  if (command.type === 'routingRule.delete') return row?.isDefault ? row : undefined;
  // The default rule never changes (DEFAULT_RULE_UPDATE): nothing to predict for it.
  if (row?.isDefault) return row;
  return {
    id: str(p.id),
    channelId: row?.channelId ?? str(p.channelId),
    name: str(p.name).trim(),
    isDefault: false,
    priority: typeof p.priority === 'number' ? p.priority : (row?.priority ?? 0),
    conditions: p.conditions as RoutingConditions,
    action: p.action as RoutingAction,
  } satisfies SyncRows['routingRules'];
}

function predictChannel(command: Pending, row: SyncRows['channels'] | undefined) {
  if (!row) return row; // a channel this browser does not hold: the server decides
  const p = command.payload;
  if (command.type === 'channel.setThresholds')
    return {
      ...row,
      halfExpiredMinutes: numOrNull(p.halfExpiredMinutes),
      expiredMinutes: numOrNull(p.expiredMinutes),
      updatedAt: command.createdAt,
    };
  if (command.type === 'autoReplies.save' && typeof p.waitMinutes === 'number')
    return { ...row, autoReplyWaitMinutes: p.waitMinutes, updatedAt: command.createdAt };
  return row;
}

function predictAutoReply(command: Pending, key: string, row: SyncRows['autoReplies'] | undefined) {
  const p = command.payload;
  const channelId = str(p.channelId);
  const reply = replies(p).find((r) => isKind(r.kind) && autoReplyId(channelId, r.kind) === key);
  if (!reply || !isKind(reply.kind)) return row;
  return {
    id: key,
    channelId,
    kind: reply.kind,
    enabled: reply.enabled === true,
    text: str(reply.text).trim(),
    buttons: Array.isArray(reply.buttons)
      ? reply.buttons.filter((b): b is string => typeof b === 'string').map((b) => b.trim())
      : [],
    attachments: Array.isArray(reply.attachments)
      ? (reply.attachments as SyncRows['autoReplies']['attachments'])
      : [],
    updatedAt: command.createdAt,
  } satisfies SyncRows['autoReplies'];
}

/** A channel-settings command's predicted effect on one of the rows channelKeys names. */
export function predictChannelRow(
  command: Pending,
  table: SyncTable,
  key: string,
  row: AnyRow | undefined,
): AnyRow | undefined {
  if (table === 'routingRules')
    return predictRule(command, row as SyncRows['routingRules'] | undefined);
  if (table === 'channels') return predictChannel(command, row as SyncRows['channels'] | undefined);
  if (table === 'autoReplies')
    return predictAutoReply(command, key, row as SyncRows['autoReplies'] | undefined);
  return row;
}
