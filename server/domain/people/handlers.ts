import type { AreaHandlers } from '../core/area-handlers';
import { roleDelete } from './role-delete';
import { roleCreate, roleUpdate } from './role-save';
import { teamDelete } from './team-delete';
import { teamSetMembers } from './team-members';
import { teamCreate, teamUpdate } from './team-save';
import { userCreate, userUpdate } from './user-save';

/** The organization's users, teams and roles (docs/people-and-access.md). */
export const peopleHandlers = {
  'user.create': userCreate,
  'user.update': userUpdate,
  'team.create': teamCreate,
  'team.update': teamUpdate,
  'team.delete': teamDelete,
  'team.setMembers': teamSetMembers,
  'role.create': roleCreate,
  'role.update': roleUpdate,
  'role.delete': roleDelete,
} satisfies AreaHandlers;
