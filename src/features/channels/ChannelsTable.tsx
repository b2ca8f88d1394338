import { useI18n } from '../../ui/i18n';
import { isPageType, type ChannelRow } from './channel-list';
import { ChannelLink, type ChannelLinks } from './channel-links';

/** Connected channels: name (opening its edit page), type, team and whether it takes messages. */
export function ChannelsTable({
  rows,
  links,
}: {
  rows: readonly ChannelRow[];
  links: ChannelLinks;
}) {
  const { t } = useI18n();
  return (
    <table className="table" data-testid="channels-table">
      <thead>
        <tr>
          <th scope="col">{t('channels.column.name')}</th>
          <th scope="col">{t('channels.column.type')}</th>
          <th scope="col">{t('channels.column.team')}</th>
          <th scope="col">{t('channels.column.active')}</th>
          <th scope="col">{t('channels.column.health')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="channel-row" data-channel-id={row.id}>
            <td>
              {isPageType(row.type) ? (
                <ChannelLink
                  links={links}
                  to={{ page: 'edit', type: row.type, id: row.id }}
                  testId="channel-open"
                >
                  {row.name}
                </ChannelLink>
              ) : (
                row.name
              )}
            </td>
            <td>{t(`channelType.${row.type}`)}</td>
            <td>{row.teamName ?? t('channels.noTeam')}</td>
            <td data-testid="channel-active">
              {t(row.active ? 'channels.active.yes' : 'channels.active.no')}
            </td>
            <td data-testid="channel-health-state">{t(`channels.health.${row.health}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
