import type { Viewer } from '../../auth/viewer';
import type { CommandScope } from '../core/command-scope';
import { requireOption } from '../core/require-option';
import { requireRight } from '../core/require-viewer';

/** Changing templates and their categories needs the right (spec §6) and the "template management" pack. */
export async function requireTemplateEditor(scope: CommandScope): Promise<Viewer> {
  const viewer = requireRight(scope, 'AUTHORITY_TEAM_TEMPLATE');
  await requireOption(scope, 'OPTION_TEMPLATE_MANAGEMENT');
  return viewer;
}

/**
 * Whether an editor may touch something offered to `teamIds` (empty: every team). Whoever manages
 * all teams (AUTHORITY_TEAM_MANAGEMENT) may; anyone else only what is offered to their own teams
 * and no other — a template for every team, or for a team they are not in, is another team's
 * lead's to change (docs/categories-and-templates.md, "Who may change a template").
 */
export function mayEditTeams(viewer: Viewer, teamIds: readonly string[]): boolean {
  if (viewer.rights.has('AUTHORITY_TEAM_MANAGEMENT')) return true;
  return teamIds.length > 0 && teamIds.every((id) => viewer.teamIds.includes(id));
}
