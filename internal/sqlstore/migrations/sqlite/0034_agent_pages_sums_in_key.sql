-- PostgreSQL's agent pages get their sums into the key's index (its
-- 0034). SQLite's agent pages are WITHOUT ROWID tables: each row is stored
-- in its key's B-tree already, so there is nothing to change here.
SELECT 1;
