import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { reportKey } from '../../protocol/reports';
import { DAYS, query, result } from '../../protocol/reports/test-fixtures';
import { InboxDb } from '../../store/db';
import { storeReport } from './queries';

const NAME = 'stored-reports-test';

describe('reports kept in the local store', () => {
  afterEach(async () => {
    await Dexie.delete(NAME);
  });

  it('keeps an answer by its query’s key, and a newer answer replaces it', async () => {
    const db = new InboxDb(NAME);
    const asked = query('common');
    await storeReport(db, result(asked, DAYS), new Date('2026-03-30T21:16:00Z'));
    const newer = result(asked, DAYS, { computedAt: '2026-03-31T08:00:00.000Z' });
    await storeReport(db, newer, new Date('2026-03-31T08:00:01Z'));
    expect(await db.reports.count()).toBe(1);
    const stored = await db.reports.get(reportKey(asked));
    expect(stored?.result.computedAt).toBe('2026-03-31T08:00:00.000Z');
    expect(stored?.storedAt).toBe('2026-03-31T08:00:01.000Z');
    // Another tab of the same period is another report.
    await storeReport(db, result(query('channels'), []));
    expect(await db.reports.count()).toBe(2);
    db.close();
  });
});
