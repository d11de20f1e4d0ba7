-- Retrieved-source totals per page (docs/metrics.md#rollups,
-- docs/performance.md#rollups), as 0028 made them per domain: without a
-- run filter, the pages list's retrieved_count read every topic, provider
-- and region row of each listed page, 12.6 rows per page and day on the
-- large demo set, about 15 k a default request. These rows hold the same
-- counts with no dimension: one per page and day; a key's 30 daily rows
-- answer a default window as fast as weekly ones would.
--
-- Each run belongs to one topic, provider and region, so the new rows are
-- the old ones added up over those keys, all of them: the days before a
-- brand's pruned day keep their numbers as the dimension rows do.
CREATE TABLE daily_retrieved_page_totals (
    brand_id     UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    page         TEXT COLLATE "C" NOT NULL,
    ran_at       TIMESTAMPTZ NOT NULL,
    runs         BIGINT NOT NULL,
    PRIMARY KEY (brand_id, page, ran_at)
);

INSERT INTO daily_retrieved_page_totals (brand_id, page, ran_at, runs)
SELECT brand_id, page, ran_at, SUM(runs)
FROM daily_retrieved_pages
GROUP BY brand_id, page, ran_at;

-- PostgreSQL plans the reads' range joins from the tables' statistics,
-- which autovacuum gathers only later.
ANALYZE daily_retrieved_page_totals;
