import type { Team, User } from '../../protocol';

/** A row of the Teams list: the team and how many people work in it now. */
export type TeamRow = Team & { memberCount: number };

type Member = Pick<User, 'name' | 'teamIds' | 'active'>;

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * A team's members as its list and panel count them: active users only. A deactivated user keeps
 * their teams (so reactivating them restores them) but answers no chats, so they are not counted.
 */
export function teamMembers<U extends Member>(users: readonly U[], teamId: string): U[] {
  return users.filter((user) => user.active && user.teamIds.includes(teamId)).sort(byName);
}

/** Who may join a team from its panel: the active users not in it, by name. */
export function teamCandidates<U extends Member>(users: readonly U[], teamId: string): U[] {
  return users.filter((user) => user.active && !user.teamIds.includes(teamId)).sort(byName);
}

/** The organization's teams in name order, each with its member count. */
export function teamRows(teams: readonly Team[], users: readonly Member[]): TeamRow[] {
  return teams
    .map((team) => ({ ...team, memberCount: teamMembers(users, team.id).length }))
    .sort(byName);
}
