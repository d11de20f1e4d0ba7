-- Rate-limit counters leave the main file (docs/api.md, "Rate limits"):
-- every public request upserts its counts, and in WAL mode each write to
-- the main file makes every reader drop its page cache at its next
-- transaction, so every request read its pages anew. The counts now live
-- in the companion file PATH-ratelimit (sqlstore's rateLimitDB makes its
-- table), which every process on this file shares. Counts of the current
-- minute are all this table held: nothing to carry over.
DROP TABLE rate_limit_counters;
