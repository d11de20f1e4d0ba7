-- Collection health (docs/dashboard.md#collection-health): the attempts of
-- the last cadence slot of the brand with an attempt, counted by status
-- and reason, most first. Arguments: the brand id, twice. No apostrophe
-- in these comments (see prompt_matrix.sql).
WITH last_slot AS (
  SELECT
    MAX(collection_attempts.slot_start) AS slot_start
  FROM collection_attempts
  WHERE collection_attempts.brand_id = ?
)
SELECT
  collection_attempts.slot_start,
  collection_attempts.status,
  COALESCE(collection_attempts.reason_code, '') AS reason_code,
  COUNT(*) AS attempts
FROM collection_attempts
JOIN last_slot ON last_slot.slot_start = collection_attempts.slot_start
WHERE collection_attempts.brand_id = ?
GROUP BY collection_attempts.slot_start, collection_attempts.status, collection_attempts.reason_code
ORDER BY attempts DESC, collection_attempts.status, reason_code
