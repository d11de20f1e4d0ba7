-- The agent pages' key indexes carry the sums the pages list adds up
-- (docs/performance.md#agents-at-a-busy-sites-size). Under an operator,
-- purpose or agent filter the list sums a row per page, agent and day or
-- week, tens of thousands for a month of a busy site; with visits, errors
-- and the latest visit in the index PostgreSQL reads the index alone
-- instead of fetching each row from the table, as SQLite does from its
-- WITHOUT ROWID tables. ON CONFLICT still names the key's columns.
ALTER TABLE daily_agent_pages
    DROP CONSTRAINT daily_agent_pages_pkey,
    ADD CONSTRAINT daily_agent_pages_pkey
        PRIMARY KEY (brand_id, agent, visited_at, url, operator, purpose, verification)
        INCLUDE (visits, error_visits, last_visit_at);
ALTER TABLE weekly_agent_pages
    DROP CONSTRAINT weekly_agent_pages_pkey,
    ADD CONSTRAINT weekly_agent_pages_pkey
        PRIMARY KEY (brand_id, agent, visited_at, url, operator, purpose, verification)
        INCLUDE (visits, error_visits, last_visit_at);
