import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { pruneEventLog } from '../../server/jobs/prune-event-log';
import { call, customerWrites, login, serverForSuite } from './harness';

describe('event log retention', () => {
  const suite = serverForSuite();

  it('prunes events past the retention and sends older cursors to bootstrap, newer ones on', async () => {
    const { server, ids } = suite;
    const token = await login(server, 'supervisor@demo.test');
    await customerWrites(server, ids.org.id, ids.channel.id, 'old-1', 'A month ago');
    const oldCursor = (await call(server, 'GET', '/api/sync/events?after=0', { token })).body
      .cursor as number;
    server.clock.advance(31 * 86_400_000);
    await customerWrites(server, ids.org.id, ids.channel.id, 'new-1', 'Today');

    const { deleted } = await pruneEventLog(server.database.db, server.clock.now(), 30);
    expect(deleted).toBeGreaterThan(0);
    const [org] = await server.database.db
      .select()
      .from(t.organizations)
      .where(eq(t.organizations.id, ids.org.id));
    expect(org?.logFloorSeq).toBe(oldCursor);

    expect((await call(server, 'GET', '/api/sync/events?after=0', { token })).body.reset).toBe(
      true,
    );
    const onward = await call(server, 'GET', `/api/sync/events?after=${oldCursor}`, { token });
    expect(onward.body.reset).toBeUndefined();
    expect(JSON.stringify(onward.body.events)).toContain('Today');
    // A second run finds nothing more to prune.
    expect((await pruneEventLog(server.database.db, server.clock.now(), 30)).deleted).toBe(0);
  });
});
