SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

WITH surface_counts AS (
SELECT surface_runs.provider_id AS provider_id,
SUM(surface_runs.runs) AS runs,
SUM(surface_runs.answered_runs) AS answered_runs
FROM (
SELECT rollup_row.provider_id AS provider_id, rollup_row.surface_runs AS runs,
rollup_row.answered_runs AS answered_runs
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN weekly_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.surface_runs > 0
UNION ALL
SELECT rollup_row.provider_id AS provider_id, rollup_row.surface_runs AS runs,
rollup_row.answered_runs AS answered_runs
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN daily_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.surface_runs > 0
) surface_runs
GROUP BY surface_runs.provider_id
HAVING SUM(surface_runs.runs) > 0
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
