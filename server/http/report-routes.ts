import type { FastifyInstance } from 'fastify';
import { ReportsBody } from '../../src/protocol';
import { DOWNLOADABLE_TABS, ReportDownloadSchema } from '../../src/protocol/reports';
import { computeReport } from '../reports/compute-report';
import { sheetToCsv } from '../reports/download/csv';
import { reportNames } from '../reports/download/report-names';
import { reportSheet } from '../reports/download/report-sheet';
import { downloadFileName } from '../reports/download/sheet';
import { sheetToXlsx } from '../reports/download/xlsx';
import { fail } from '../domain/core/domain-error';
import { parseOrFail } from '../domain/core/parse';
import type { ServerContext } from './context';
import { authOf, requireAuth } from './require-auth';

/**
 * POST /api/reports: a report for a tab, a period and filters (src/protocol/reports), computed
 * from the organization's daily roll-ups (docs/reports.md). A refusal is the product's error
 * answer; the numbers are `{ code: 'ok', entity: ReportResult }`.
 */
/** `onRolledUp`: a report rolled up chats the reports worker had not (it owes their figures). */
export const reportRoutes =
  (context: ServerContext, onRolledUp?: (orgId: string) => void) =>
  async (app: FastifyInstance) => {
    app.post('/reports', { preHandler: requireAuth(context) }, async (request) => {
      const query = parseOrFail(ReportsBody, request.body);
      const { viewer } = authOf(request);
      const outcome = await computeReport(
        context.database.db,
        viewer,
        query,
        context.clock.now(),
        onRolledUp,
      );
      if (!outcome.ok) fail(outcome.error.name, outcome.error.params);
      return { code: 'ok' as const, entity: outcome.result };
    });

    /**
     * POST /api/reports/download: the summary or the categories report (spec §2) as XLSX or CSV,
     * built from the same result and table model the page shows (server/reports/download). The
     * same guards and period rules as /reports; another tab is VALIDATION_FAILED at `tab`.
     */
    app.post('/reports/download', { preHandler: requireAuth(context) }, async (request, reply) => {
      const body = parseOrFail(ReportDownloadSchema, request.body);
      if (!DOWNLOADABLE_TABS.includes(body.query.tab)) fail('VALIDATION_FAILED', { field: 'tab' });
      const { viewer } = authOf(request);
      const db = context.database.db;
      const outcome = await computeReport(db, viewer, body.query, context.clock.now(), onRolledUp);
      if (!outcome.ok) fail(outcome.error.name, outcome.error.params);
      const { names, filters } = await reportNames(db, viewer.orgId, body.query);
      const sheet = reportSheet(outcome.result, names, body.language, filters);
      const base = body.query.tab === 'categories' ? 'appeal-categories' : 'summary';
      const name = downloadFileName(base, outcome.result.from, outcome.result.to, body.format);
      const file =
        body.format === 'xlsx'
          ? await sheetToXlsx(sheet)
          : Buffer.from(sheetToCsv(sheet, body.language), 'utf8');
      return reply
        .type(
          body.format === 'xlsx'
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv; charset=utf-8',
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'no-store')
        .send(file);
    });
  };
