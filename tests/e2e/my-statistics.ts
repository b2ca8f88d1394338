import type { Page } from './browser';

/** Today's "chats taken" on the My statistics block; 0 while today has no data. */
export async function takenToday(stats: Page): Promise<number> {
  const today = stats.getByTestId('my-stats-today');
  await today
    .getByTestId('my-stats-today-taken')
    .or(today.getByTestId('my-stats-today-empty'))
    .first()
    .waitFor({ timeout: 20_000 });
  const taken = today.getByTestId('my-stats-today-taken');
  return (await taken.count()) ? Number(await taken.innerText()) : 0;
}
