import type { Chat, Role, Team, User } from '../../protocol';

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
