SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

WITH surface_runs AS (
SELECT runs.provider_id, run_surfaces.answer_shown
FROM runs
JOIN run_surfaces ON run_surfaces.run_seq = runs.seq
WHERE runs.brand_id = ?
AND runs.ran_at >= ? AND runs.ran_at < ?
),
surface_counts AS (
SELECT provider_id, COUNT(*) AS runs,
SUM(CASE WHEN answer_shown = ? THEN 1 ELSE 0 END) AS answered_runs
FROM surface_runs
GROUP BY provider_id
)
SELECT providers.id, providers.code,
(CASE WHEN surface_counts.runs > 0
THEN 100 * CAST(surface_counts.answered_runs AS DOUBLE PRECISION)
/ CAST(surface_counts.runs AS DOUBLE PRECISION)
ELSE 0 END),
surface_counts.runs, surface_counts.answered_runs
FROM surface_counts
JOIN providers ON providers.id = surface_counts.provider_id
ORDER BY providers.code
;
