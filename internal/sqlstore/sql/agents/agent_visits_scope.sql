-- scoped_visits: the brand's agent visits of the window that the filters
-- select (docs/metrics.md#agents). Shared by the agents statements, so that
-- the overview, its series and the pages count the same visits. An empty
-- list filter ('[]') selects every value; :verifications is never empty.
scoped_visits AS (
  SELECT
    agent_visits.url AS page,
    agent_visits.agent AS agent,
    agent_visits.operator AS operator,
    agent_visits.purpose AS purpose,
    agent_visits.status AS status,
    agent_visits.visited_at AS visited_at,
    CASE WHEN agent_visits.verification = 'verified' THEN 1 ELSE 0 END AS is_verified,
    CASE WHEN agent_visits.status >= 400 THEN 1 ELSE 0 END AS is_error
  FROM agent_visits
  WHERE agent_visits.brand_id = :brand_id
    AND agent_visits.visited_at >= :window_start
    AND agent_visits.visited_at < :window_end
    AND agent_visits.verification IN ({{values "verifications"}})
    AND (:operators = '[]' OR agent_visits.operator IN ({{values "operators"}}))
    AND (:purposes = '[]' OR agent_visits.purpose IN ({{values "purposes"}}))
    AND (:agents = '[]' OR agent_visits.agent IN ({{values "agents"}}))
)
