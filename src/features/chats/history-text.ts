import type { ChatHistoryEntry } from '../../protocol';
import type { MessageKey, MessageValues } from '../../ui/i18n';

/** Names for the ids an entry carries; each answers a readable text even for an unknown id. */
export type HistoryNames = {
  user: (id: string) => string;
  team: (id: string) => string;
  category: (id: string) => string;
  channel: (id: string) => string;
  bot: (id: string) => string;
};

export type HistoryText = { key: MessageKey; values: MessageValues };

const idIn = (data: Record<string, unknown>, field: string): string | null => {
  const value = data[field];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** What a history entry of a chat's timeline says, as a catalog key and its values. */
export function historyText(entry: ChatHistoryEntry, names: HistoryNames): HistoryText {
  const { data, actorId } = entry;
  switch (entry.kind) {
    case 'created': {
      const channelId = idIn(data, 'channelId');
      return channelId
        ? { key: 'history.createdIn', values: { channel: names.channel(channelId) } }
        : { key: 'history.created', values: {} };
    }
    case 'assigned': {
      const botId = idIn(data, 'botId');
      if (botId) return { key: 'history.assignedBot', values: { bot: names.bot(botId) } };
      const operatorId = idIn(data, 'operatorId');
      if (!operatorId) return { key: 'history.assignedNobody', values: {} };
      if (actorId === operatorId)
        return { key: 'history.took', values: { operator: names.user(operatorId) } };
      return { key: 'history.assigned', values: { operator: names.user(operatorId) } };
    }
    case 'unassigned': {
      const operatorId = idIn(data, 'operatorId');
      if (operatorId && data.reason === 'no_reply' && typeof data.minutes === 'number')
        return {
          key: 'history.unassignedNoReply',
          values: { operator: names.user(operatorId), minutes: data.minutes },
        };
      return operatorId
        ? { key: 'history.unassigned', values: { operator: names.user(operatorId) } }
        : { key: 'history.unassignedNobody', values: {} };
    }
    case 'transferred': {
      const toOperator = idIn(data, 'toOperatorId');
      const fromOperator = idIn(data, 'fromOperatorId');
      const toTeam = idIn(data, 'toTeamId');
      const fromBot = idIn(data, 'fromBotId');
      // A bot's final action handed it over (or someone took it from the bot).
      if (fromBot && toTeam && !toOperator)
        return {
          key: 'history.botHandedToTeam',
          values: { bot: names.bot(fromBot), team: names.team(toTeam) },
        };
      if (toOperator && fromOperator)
        return {
          key: 'history.transferredFrom',
          values: { from: names.user(fromOperator), to: names.user(toOperator) },
        };
      if (toOperator)
        return { key: 'history.transferredTo', values: { to: names.user(toOperator) } };
      if (toTeam) return { key: 'history.transferredToTeam', values: { team: names.team(toTeam) } };
      return { key: 'history.transferred', values: {} };
    }
    case 'category_set': {
      const categoryId = idIn(data, 'categoryId');
      return categoryId
        ? { key: 'history.categorySet', values: { category: names.category(categoryId) } }
        : { key: 'history.categoryRemoved', values: {} };
    }
    case 'category_removed':
      return { key: 'history.categoryRemoved', values: {} };
    case 'closed':
      if (data.by === 'bot') return { key: 'history.closedByBot', values: {} };
      if (data.reason === 'client_inactivity')
        return { key: 'history.closedClientInactivity', values: {} };
      if (data.reason === 'inactivity') return { key: 'history.closedInactivity', values: {} };
      if (data.reason === 'unattended') return { key: 'history.closedUnattended', values: {} };
      if (data.reason === 'spam')
        return actorId
          ? { key: 'history.closedSpamBy', values: { operator: names.user(actorId) } }
          : { key: 'history.closedSpam', values: {} };
      return actorId
        ? { key: 'history.closedBy', values: { operator: names.user(actorId) } }
        : { key: 'history.closed', values: {} };
    case 'reopened':
      return { key: 'history.reopened', values: {} };
    case 'rated': {
      const rating = data.rating;
      return typeof rating === 'number'
        ? { key: 'history.rated', values: { rating } }
        : { key: 'history.ratedNone', values: {} };
    }
  }
}
