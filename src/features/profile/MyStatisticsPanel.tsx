import type { ReactNode } from 'react';
import type { DurationStats } from '../../protocol/metrics';
import { useI18n } from '../../ui/i18n';
import { MY_STATISTICS_ANCHOR } from './my-statistics-anchor';
import { durationParts, isEmptyPeriod, type PersonalFigures } from './personal-stats';
import { usePersonalStatistics } from './queries';

/**
 * "My statistics" (spec §6: an operator sees personal statistics), a block of the profile page:
 * today's and this week's figures of the signed-in user only, live from the local store.
 */
export function MyStatisticsPanel({ userId }: { userId: string }): ReactNode {
  const { t } = useI18n();
  const stats = usePersonalStatistics(userId);
  return (
    <section
      className="profile__block my-stats"
      id={MY_STATISTICS_ANCHOR}
      data-testid="my-stats"
      aria-labelledby="my-stats-title"
    >
      <h2 className="profile__title" id="my-stats-title">
        {t('profile.stats.title')}
      </h2>
      {stats === undefined ? (
        <p className="empty-state">{t('common.loading')}</p>
      ) : (
        <>
          <p className="profile__about">{t('profile.stats.about', { zone: stats.zone })}</p>
          <div className="my-stats__periods">
            <Period id="today" title={t('profile.stats.today')} figures={stats.today} />
            <Period id="week" title={t('profile.stats.week')} figures={stats.week} />
          </div>
          <p className="field__hint">{t('profile.stats.replyNote')}</p>
        </>
      )}
    </section>
  );
}

function Period({
  id,
  title,
  figures,
}: {
  id: 'today' | 'week';
  title: string;
  figures: PersonalFigures;
}): ReactNode {
  const { t } = useI18n();
  const testId = `my-stats-${id}`;
  const duration = (value: number) =>
    durationParts(value)
      .map((part) => `${part.n} ${t(`profile.stats.unit.${part.unit}`)}`)
      .join(' ');
  const durationCell = (stats: DurationStats, field: string) => (
    <dd
      data-testid={`${testId}-${field}`}
      title={
        stats.medianMs === null
          ? undefined
          : t('profile.stats.median', { time: duration(stats.medianMs), count: stats.count })
      }
    >
      {stats.meanMs === null ? t('profile.stats.none') : duration(stats.meanMs)}
    </dd>
  );
  return (
    <div className="my-stats__period" data-testid={testId}>
      <h3 className="my-stats__period-title">{title}</h3>
      {isEmptyPeriod(figures) ? (
        <p className="empty-state" data-testid={`${testId}-empty`}>
          {t('profile.stats.noData')}
        </p>
      ) : (
        <dl className="profile__readonly">
          <dt>{t('profile.stats.taken')}</dt>
          <dd data-testid={`${testId}-taken`}>{figures.taken}</dd>
          <dt>{t('profile.stats.closed')}</dt>
          <dd data-testid={`${testId}-closed`}>{figures.closed}</dd>
          <dt>{t('profile.stats.firstReply')}</dt>
          {durationCell(figures.firstReply, 'first-reply')}
          <dt>{t('profile.stats.replyTime')}</dt>
          {durationCell(figures.replyTime, 'reply-time')}
          <dt>{t('profile.stats.rating')}</dt>
          <dd
            data-testid={`${testId}-rating`}
            title={
              figures.rating.count
                ? t('profile.stats.ratings', { count: figures.rating.count })
                : undefined
            }
          >
            {figures.rating.mean === null
              ? t('profile.stats.none')
              : figures.rating.mean.toFixed(1)}
          </dd>
        </dl>
      )}
    </div>
  );
}
