/**
 * The teams after one box of a teams field is ticked or unticked, in the order the teams were
 * ticked; an empty list means every team.
 */
export function nextTeamIds(value: readonly string[], teamId: string, checked: boolean): string[] {
  const others = value.filter((id) => id !== teamId);
  return checked ? [...others, teamId] : others;
}

/** Team names for a list's "Available to" column; every team when none is listed. */
export function teamNames(
  teamIds: readonly string[],
  names: ReadonlyMap<string, string>,
  everyTeam: string,
): string {
  if (teamIds.length === 0) return everyTeam;
  return teamIds
    .map((id) => names.get(id))
    .filter((name): name is string => name !== undefined)
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
}
