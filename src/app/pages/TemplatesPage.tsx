import { useMemo, type ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { TemplatesScreen } from '../../features/templates/TemplatesScreen';
import { templateEditorOf } from '../../features/templates/template-access';
import { useViewerTeamIds } from '../../store/hooks';

const adminApi = getRouteApi('/admin');

/**
 * Reply templates and their categories (spec §2 `templates/custom`; the route is guarded by
 * AUTHORITY_TEAM_TEMPLATE, spec §6). The spec guards no preferences route by option, so a plan
 * without OPTION_TEMPLATE_MANAGEMENT opens the page and is told there that changes are not in it.
 * Which rows the viewer may change follows their rights and teams (template-access.ts).
 */
export function TemplatesPage(): ReactNode {
  const { session } = adminApi.useRouteContext();
  const { user } = session;
  const teamIds = useViewerTeamIds(user.id);
  const editor = useMemo(
    () => (teamIds === undefined ? undefined : templateEditorOf(user, teamIds)),
    [user, teamIds],
  );
  return (
    <TemplatesScreen
      hasOption={user.options.includes('OPTION_TEMPLATE_MANAGEMENT')}
      editor={editor}
    />
  );
}
