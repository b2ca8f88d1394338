import type { Chat, Chatbot, Organization, Role, Team, User } from '../../protocol';

/**
 * Who a chat can be handed to: active colleagues who may receive chats (their role holds chat
 * distribution), other than the one who has it now; and the teams, except the queue it already
 * waits in. The server refuses the others with CHAT_TRANSFER_IMPOSSIBLE, so they are not offered.
 * A user whose role is not known here is offered: the server decides.
 */
export function transferOperators(
  chat: Pick<Chat, 'operatorId'>,
  users: Iterable<User>,
  roles: ReadonlyMap<string, Role>,
): User[] {
  return [...users]
    .filter((user) => {
      if (!user.active || user.id === chat.operatorId) return false;
      const role = roles.get(user.roleId);
      return !role || role.rights.includes('AUTHORITY_CHAT_DISTRIBUTION');
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export function transferTeams(
  chat: Pick<Chat, 'status' | 'teamId'>,
  teams: Iterable<Team>,
): Team[] {
  return [...teams]
    .filter((team) => !(chat.status === 'pending' && team.id === chat.teamId))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * The chat bots a chat can be handed to: published ones (a draft takes no chats; the server
 * refuses it with CHATBOT_NOT_FOUND), other than the one holding it. Null when the plan has no
 * chat bots, so the dialog does not offer the choice at all.
 */
export function transferBots(
  chat: Pick<Chat, 'botId'>,
  bots: Iterable<Chatbot>,
  organization: Pick<Organization, 'options'> | undefined,
): Chatbot[] | null {
  if (organization && !organization.options.includes('OPTION_CHAT_BOT')) return null;
  const published = [...bots]
    .filter((bot) => bot.publishedVersion !== null && bot.id !== chat.botId)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return published.length === 0 ? null : published;
}
