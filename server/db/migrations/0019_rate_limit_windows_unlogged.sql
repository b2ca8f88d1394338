-- The rate limiter's windows are counters that may be lost: a crash that empties them gives every
-- subject a fresh window, nothing more. Unlogged, a request's count writes no WAL, so its
-- autocommit does not wait for a WAL flush (one per widget request, the second most frequent wait
-- of the scale-out run's busy backends).
ALTER TABLE "rate_limit_windows" SET UNLOGGED;
