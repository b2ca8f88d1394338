import { useCallback, useEffect, useState } from 'react';
import { reportKey, type ReportQuery } from '../../protocol/reports';
import { useApi } from '../../ui/http';
import { useStore } from '../../store/hooks';
import { reportOutcome, type ReportFailure } from './report-answer';
import { storeReport } from './queries';

/** Where asking the server for the current query stands. */
export type AskState =
  | { state: 'idle' }
  | { state: 'asking' }
  | { state: 'done' }
  | { state: 'failed'; failure: ReportFailure; offline: boolean };

/**
 * Asks the server for a report whenever the query changes (or `again` is called), and keeps a
 * good answer in the local store; the page shows what the store holds (useStoredReport), so a
 * stored report shows at once and offline, and a new answer replaces it where it stands.
 */
export function useReportAnswer(query: ReportQuery | null): { ask: AskState; again: () => void } {
  const api = useApi();
  const db = useStore();
  const [ask, setAsk] = useState<AskState>({ state: 'idle' });
  const [round, setRound] = useState(0);
  const key = query ? reportKey(query) : null;

  useEffect(() => {
    if (!query) {
      setAsk({ state: 'idle' });
      return;
    }
    let current = true;
    setAsk({ state: 'asking' });
    // raw: a refusal (an endpoint a server does not have yet is a 404) is said on the page
    // beside the stored copy, not turned into a jump to the not-found page.
    void api
      .request('POST', '/api/reports', { body: query, raw: true })
      .then(async (answer) => {
        const outcome = reportOutcome(answer, query);
        if (outcome.ok) await storeReport(db, outcome.result);
        if (!current) return;
        setAsk(
          outcome.ok
            ? { state: 'done' }
            : {
                state: 'failed',
                failure: outcome.failure,
                offline: typeof navigator !== 'undefined' && !navigator.onLine,
              },
        );
      })
      .catch(() => {
        if (current) setAsk({ state: 'failed', failure: { kind: 'malformed' }, offline: false });
      });
    return () => {
      current = false;
    };
    // The key stands for the query: the same query written anew does not ask again; `again` does.
  }, [api, db, key, round]);

  const again = useCallback(() => {
    setRound((n) => n + 1);
  }, []);
  return { ask, again };
}
