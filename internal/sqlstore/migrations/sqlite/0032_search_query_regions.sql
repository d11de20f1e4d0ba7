-- The fan-out rollups per region (docs/metrics.md#reading-them,
-- docs/performance.md#rollups): since 0026 added up the regions, the list
-- with filter[region_ids] or filter[prompt_regions] read every matching
-- query of the window from the facts, with each run's mentions and
-- citations, over a second a request on the large demo set. These tables
-- hold the sums of daily_search_queries and weekly_search_queries per
-- region too, and only a region filter reads them. The region comes
-- right after the brand in the key, so that each region of a filter is
-- one range.
--
-- The migration's Go step fills them from the facts of every stored run,
-- as ingest would have: a brand's days before its pruned day have no
-- facts left and get no row, so a region filter over them is refused
-- (docs/retention.md#what-still-answers).

-- One row per region, day (UTC midnight), topic, provider, prompt and
-- folded query: runs, the distinct runs that issued the query; self_runs,
-- those whose answer names the brand itself; owned_citations, those runs'
-- citations of the brand's domains. A query that folds to nothing has no
-- row.
CREATE TABLE daily_search_query_regions (
    brand_id         TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    region_id        TEXT NOT NULL,
    ran_at           TEXT NOT NULL,
    topic_id         TEXT NOT NULL,
    provider_id      TEXT NOT NULL,
    prompt_id        TEXT NOT NULL,
    query_key        TEXT NOT NULL,
    runs             INTEGER NOT NULL,
    self_runs        INTEGER NOT NULL,
    owned_citations  INTEGER NOT NULL,
    PRIMARY KEY (brand_id, region_id, ran_at, topic_id, provider_id, prompt_id, query_key)
) WITHOUT ROWID;

-- The same by ISO week (Monday to Sunday, UTC), ran_at holding the
-- Monday's midnight.
CREATE TABLE weekly_search_query_regions (
    brand_id         TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    region_id        TEXT NOT NULL,
    ran_at           TEXT NOT NULL,
    topic_id         TEXT NOT NULL,
    provider_id      TEXT NOT NULL,
    prompt_id        TEXT NOT NULL,
    query_key        TEXT NOT NULL,
    runs             INTEGER NOT NULL,
    self_runs        INTEGER NOT NULL,
    owned_citations  INTEGER NOT NULL,
    PRIMARY KEY (brand_id, region_id, ran_at, topic_id, provider_id, prompt_id, query_key)
) WITHOUT ROWID;
