-- On SQLite the rate-limit counters move to a companion file (docs/api.md,
-- "Rate limits"). PostgreSQL has no page cache per reader to lose: the
-- counters stay in rate_limit_counters (migration 0006). Nothing changes.
SELECT 1;
