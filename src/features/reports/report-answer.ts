import * as v from 'valibot';
import {
  ReportQuerySchema,
  reportKey,
  type ReportDownload,
  type ReportFormat,
  type ReportQuery,
  type ReportResult,
} from '../../protocol/reports';
import type { ApiAnswer, ApiError } from '../../protocol';

/**
 * What the page makes of the server's answers: a report to keep, or why there is none; and the
 * download's request and file name. Pure, so the rules are tested without a browser.
 */

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The entity of `POST /api/reports` when it has the shape of report-api.ts's ReportResult and
 * answers the query asked (an answer to an older query, or a malformed one, is not kept: a wrong
 * report kept offline would be shown as true for days).
 */
export function reportResultOf(entity: unknown, asked: ReportQuery): ReportResult | null {
  if (!isRecord(entity)) return null;
  const { query, from, to, timeZone, computedAt, total, byDay, rows, empty } = entity;
  if (!v.is(ReportQuerySchema, query) || reportKey(query) !== reportKey(asked)) return null;
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  if (typeof timeZone !== 'string' || typeof computedAt !== 'string') return null;
  if (Number.isNaN(Date.parse(computedAt))) return null;
  if (!isRecord(total) || typeof empty !== 'boolean') return null;
  const isRows = (list: unknown) =>
    Array.isArray(list) &&
    list.every(
      (row) =>
        isRecord(row) && (row.key === null || typeof row.key === 'string') && isRecord(row.metrics),
    );
  if (!isRows(byDay) || !isRows(rows)) return null;
  return entity as ReportResult;
}

/** Why a report could not be asked for now. */
export type ReportFailure =
  { kind: 'unreachable' } | { kind: 'refused'; error: ApiError } | { kind: 'malformed' };

/** The outcome of asking: a report to store, or a failure to show beside what is stored. */
export function reportOutcome(
  answer: ApiAnswer<unknown> | null,
  asked: ReportQuery,
): { ok: true; result: ReportResult } | { ok: false; failure: ReportFailure } {
  if (answer === null) return { ok: false, failure: { kind: 'unreachable' } };
  if (answer.code === 'error')
    return { ok: false, failure: { kind: 'refused', error: answer.error } };
  if (answer.code !== 'ok') return { ok: false, failure: { kind: 'malformed' } };
  const result = reportResultOf(answer.entity, asked);
  return result ? { ok: true, result } : { ok: false, failure: { kind: 'malformed' } };
}

/** The body of `POST /api/reports/download` (report-api.ts ReportDownload). */
export const downloadRequest = (
  query: ReportQuery,
  format: ReportFormat,
  language: ReportDownload['language'],
): ReportDownload => ({ query, format, language });

/**
 * The file's name: the server's (Content-Disposition, RFC 6266 `filename*` first, as it carries
 * non-ASCII names) or one made from the query.
 */
export function downloadFileName(
  disposition: string | null,
  query: ReportQuery,
  format: ReportFormat,
  period: { from: string; to: string } | null,
): string {
  if (disposition) {
    const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
    if (star?.[1]) {
      try {
        return safeName(decodeURIComponent(star[1].trim()));
      } catch {
        // A malformed escape: fall back to the plain name or our own.
      }
    }
    const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
    if (plain?.[1]) return safeName(plain[1].trim());
  }
  const span = period
    ? period.from === period.to
      ? period.from
      : `${period.from}_${period.to}`
    : query.period.kind;
  return `report-${query.tab}-${span}.${format}`;
}

/** No folders in a name the server sends. */
const safeName = (name: string): string => name.replace(/[\\/]/g, '_');
