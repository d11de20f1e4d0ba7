-- Search-surface runs in the run rollups (docs/metrics.md#answer-rate,
-- docs/metrics.md#rollups): the answer rate of a window read every run of
-- it and looked each up in run_surfaces. Each daily and weekly row now
-- also counts, of its runs, those of a search surface (with a surface
-- record) and, of these, those that showed an answer.
--
-- Runs and their surface records are never pruned, so the migration's
-- step (migrate.go) counts every stored run into the existing rows; a row
-- of a day before a brand's pruned day keeps its other sums.
ALTER TABLE daily_runs ADD COLUMN surface_runs INTEGER NOT NULL DEFAULT 0;
ALTER TABLE daily_runs ADD COLUMN answered_runs INTEGER NOT NULL DEFAULT 0;
ALTER TABLE weekly_runs ADD COLUMN surface_runs INTEGER NOT NULL DEFAULT 0;
ALTER TABLE weekly_runs ADD COLUMN answered_runs INTEGER NOT NULL DEFAULT 0;
