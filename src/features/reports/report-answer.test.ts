import { describe, expect, it } from 'vitest';
import { query, result } from '../../protocol/reports/test-fixtures';
import { downloadFileName, downloadRequest, reportOutcome, reportResultOf } from './report-answer';

const asked = query('common');
const good = result(asked, []);

describe('the answer to a report asked for', () => {
  it('keeps a well-formed answer to the query asked', () => {
    expect(reportResultOf(good, asked)).toBe(good);
    expect(reportOutcome({ code: 'ok', entity: good }, asked)).toEqual({ ok: true, result: good });
  });

  it('keeps query fields in any order (the key, not the text, decides)', () => {
    const reordered = {
      ...good,
      query: {
        operatorId: null,
        teamId: null,
        channelId: null,
        period: asked.period,
        tab: 'common',
      },
    };
    expect(reportResultOf(reordered, asked)).not.toBeNull();
  });

  it('refuses an answer to another query, or of another shape', () => {
    expect(reportResultOf(good, query('channels'))).toBeNull();
    expect(reportResultOf({ ...good, computedAt: 'yesterday' }, asked)).toBeNull();
    expect(reportResultOf({ ...good, rows: [{ key: 1, metrics: {} }] }, asked)).toBeNull();
    expect(reportResultOf({ ...good, empty: 'no' }, asked)).toBeNull();
    expect(reportResultOf(null, asked)).toBeNull();
    expect(reportOutcome({ code: 'ok', entity: { nope: true } }, asked)).toEqual({
      ok: false,
      failure: { kind: 'malformed' },
    });
  });

  it('tells no connection from a refusal', () => {
    expect(reportOutcome(null, asked)).toEqual({ ok: false, failure: { kind: 'unreachable' } });
    const error = { name: 'VALIDATION_FAILED' as const };
    expect(reportOutcome({ code: 'error', error }, asked)).toEqual({
      ok: false,
      failure: { kind: 'refused', error },
    });
  });
});

describe('a download', () => {
  it('sends the query, the format and the language', () => {
    expect(downloadRequest(asked, 'csv', 'ru')).toEqual({
      query: asked,
      format: 'csv',
      language: 'ru',
    });
  });

  it('is saved under the server’s name, the UTF-8 one first', () => {
    expect(
      downloadFileName(
        `attachment; filename="report.xlsx"; filename*=UTF-8''%D0%BE%D1%82%D1%87%D1%91%D1%82.xlsx`,
        asked,
        'xlsx',
        null,
      ),
    ).toBe('отчёт.xlsx');
    expect(downloadFileName('attachment; filename="summary 2026.csv"', asked, 'csv', null)).toBe(
      'summary 2026.csv',
    );
    expect(downloadFileName('attachment; filename="../../etc.csv"', asked, 'csv', null)).toBe(
      '.._.._etc.csv',
    );
  });

  it('or under a name made of the tab and the period', () => {
    expect(downloadFileName(null, asked, 'xlsx', { from: '2026-03-01', to: '2026-03-30' })).toBe(
      'report-common-2026-03-01_2026-03-30.xlsx',
    );
    expect(downloadFileName(null, asked, 'csv', { from: '2026-03-01', to: '2026-03-01' })).toBe(
      'report-common-2026-03-01.csv',
    );
    expect(downloadFileName('inline', asked, 'csv', null)).toBe('report-common-range.csv');
  });
});
