import { RIGHTS, type Right } from '../../protocol';
import type { MessageKey } from '../../ui/i18n';

/** A right a client organization's role may hold: every right but the provider's observer (spec §3). */
export type AssignableRight = Exclude<Right, 'RIGHT_OBSERVER'>;

export const isAssignable = (right: Right): right is AssignableRight => right !== 'RIGHT_OBSERVER';

/** Every right a role editor may offer, in the order of RIGHTS. */
export const ASSIGNABLE_RIGHTS: readonly AssignableRight[] = RIGHTS.filter(isAssignable);

export type RightGroupId = 'chats' | 'people' | 'content' | 'reports' | 'platform';

/**
 * The rights as an administrator thinks of them: what a person does in chats, whom they manage,
 * the reply tools they keep, the reports they read, and the platform settings they hold.
 */
export const RIGHT_GROUPS: readonly { id: RightGroupId; rights: readonly AssignableRight[] }[] = [
  {
    id: 'chats',
    rights: [
      'AUTHORITY_CHAT_DISTRIBUTION',
      'AUTHORITY_ALL_CHATS',
      'AUTHORITY_PROFILE_UPDATE',
      'AUTHORITY_PROFILE_STATUS',
    ],
  },
  {
    id: 'people',
    rights: ['RIGHT_ACCOUNT_CONTROL', 'AUTHORITY_TEAM_MANAGEMENT', 'AUTHORITY_ROLE_MODIFY'],
  },
  { id: 'content', rights: ['AUTHORITY_TEAM_TEMPLATE', 'AUTHORITY_CHAT_SESSION_CATEGORY'] },
  { id: 'reports', rights: ['AUTHORITY_ALL_STAT'] },
  {
    id: 'platform',
    rights: ['AUTHORITY_SERVICE_ACCOUNT', 'AUTHORITY_INTEGRATION', 'AUTHORITY_FINANCE'],
  },
];

export const groupTitleKey = (group: RightGroupId): MessageKey => `roles.group.${group}`;
export const rightLabelKey = (right: Right): MessageKey => `roles.right.${right}`;
export const rightHintKey = (right: Right): MessageKey => `roles.hint.${right}`;

const ORDER = new Map<Right, number>(
  [...RIGHT_GROUPS.flatMap((group) => group.rights), 'RIGHT_OBSERVER' as const].map(
    (right, index) => [right, index],
  ),
);

/** A role's rights in the order the editor groups them, each once, so lists read alike everywhere. */
export function orderedRights(rights: readonly Right[]): Right[] {
  return [...new Set(rights)].sort((a, b) => (ORDER.get(a) ?? 99) - (ORDER.get(b) ?? 99));
}

/**
 * How the editor offers a right to this user: to tick freely, to untick only (the role has it but
 * the user does not: the server refuses granting a right one lacks), or not at all.
 */
export function rightChoice(
  right: AssignableRight,
  chosen: readonly Right[],
  own: ReadonlySet<Right>,
): 'free' | 'removeOnly' | 'locked' {
  if (own.has(right)) return 'free';
  return chosen.includes(right) ? 'removeOnly' : 'locked';
}
