import type { FastifyInstance } from 'fastify';
import { ReportsBody } from '../../src/protocol';
import { computeReport } from '../reports/compute-report';
import { fail } from '../domain/core/domain-error';
import { parseOrFail } from '../domain/core/parse';
import type { ServerContext } from './context';
import { authOf, requireAuth } from './require-auth';

/**
 * POST /api/reports: a report for a tab, a period and filters (src/protocol/reports), computed
 * from the organization's daily roll-ups (docs/reports.md). A refusal is the product's error
 * answer; the numbers are `{ code: 'ok', entity: ReportResult }`.
 */
export const reportRoutes = (context: ServerContext) => async (app: FastifyInstance) => {
  app.post('/reports', { preHandler: requireAuth(context) }, async (request) => {
    const query = parseOrFail(ReportsBody, request.body);
    const { viewer } = authOf(request);
    const outcome = await computeReport(context.database.db, viewer, query, context.clock.now());
    if (!outcome.ok) fail(outcome.error.name, outcome.error.params);
    return { code: 'ok' as const, entity: outcome.result };
  });
};
