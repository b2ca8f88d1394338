import * as v from 'valibot';
import type { ReportFormat, ReportQuery } from '../../protocol/reports';
import { ApiErrorSchema, type ApiError, type Language } from '../../protocol';
import { downloadFileName, downloadRequest } from './report-answer';
import { saveBlob } from '../../ui/save-blob';

/**
 * How a download ended, for the page's notice: the server's named refusal (spec §8) when it gave
 * one, so the user reads why (a plan without statistics, a period the rules refuse), not only
 * that it failed.
 */
export type DownloadOutcome = 'saved' | 'offline' | 'failed' | { refused: ApiError };

/** The named error of a JSON error answer, if it is one. */
async function refusalOf(response: Response): Promise<ApiError | null> {
  try {
    const parsed = v.safeParse(
      v.object({ code: v.literal('error'), error: ApiErrorSchema }),
      await response.json(),
    );
    return parsed.success ? parsed.output.error : null;
  } catch {
    return null;
  }
}

/**
 * Asks `POST /api/reports/download` for a file and saves it. The app's JSON client cannot carry
 * a file, so this is a plain fetch with the app's bearer token; any failure (no connection, a
 * server without the route yet, an error) is an outcome to show, never a throw.
 */
export async function downloadReport(options: {
  query: ReportQuery;
  format: ReportFormat;
  language: Language;
  token: string | null;
  period: { from: string; to: string } | null;
  fetch?: typeof fetch;
  save?: (blob: Blob, name: string) => void;
}): Promise<DownloadOutcome> {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await send('/api/reports/download', {
      method: 'POST',
      headers,
      body: JSON.stringify(downloadRequest(options.query, options.format, options.language)),
    });
  } catch {
    return 'offline';
  }
  // A JSON answer to a file request is an error answer, whatever its status.
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    const refused = await refusalOf(response);
    return refused ? { refused } : 'failed';
  }
  try {
    const blob = await response.blob();
    const name = downloadFileName(
      response.headers.get('content-disposition'),
      options.query,
      options.format,
      options.period,
    );
    (options.save ?? saveBlob)(blob, name);
    return 'saved';
  } catch {
    return 'failed';
  }
}
