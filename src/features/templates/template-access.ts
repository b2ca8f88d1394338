import type { CurrentUser, Team } from '../../protocol';

/**
 * Who edits on the templates page: whether they manage all teams, and their own teams. Whether
 * the page offers changes at all (the right, the plan's pack) is decided before this.
 */
export type TemplateEditor = { managesAllTeams: boolean; teamIds: readonly string[] };

export function templateEditorOf(
  user: Pick<CurrentUser, 'role'>,
  teamIds: readonly string[],
): TemplateEditor {
  return {
    managesAllTeams: user.role.rights.some((right) => right.name === 'AUTHORITY_TEAM_MANAGEMENT'),
    teamIds,
  };
}

/**
 * Whether the editor may change a template or template category offered to `teamIds` (empty:
 * every team). The server's rule mirrored (server/domain/templates/template-access.ts,
 * docs/categories-and-templates.md "Who may change a template"): whoever manages all teams may;
 * anyone else only what is offered to their own teams and no other, so the page shows the rest
 * read-only instead of offering a save the server would refuse. The server stays the judge.
 */
export function mayEditTeams(editor: TemplateEditor, teamIds: readonly string[]): boolean {
  if (editor.managesAllTeams) return true;
  return teamIds.length > 0 && teamIds.every((id) => editor.teamIds.includes(id));
}

/**
 * The teams the editor may offer something to: every team for whoever manages all teams, their
 * own teams for anyone else (they cannot hand a template over to another team).
 */
export function choosableTeams(editor: TemplateEditor, teams: readonly Team[]): Team[] {
  const sorted = [...teams].sort((a, b) => a.name.localeCompare(b.name));
  return editor.managesAllTeams
    ? sorted
    : sorted.filter((team) => editor.teamIds.includes(team.id));
}

/**
 * The teams a new template or category starts with: every team (empty) for whoever may choose
 * it, the editor's own teams for anyone else, since "every team" is not theirs to give.
 */
export const newTeamIds = (editor: TemplateEditor): string[] =>
  editor.managesAllTeams ? [] : [...editor.teamIds];
