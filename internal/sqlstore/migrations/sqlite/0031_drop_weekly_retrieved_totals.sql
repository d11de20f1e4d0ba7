-- The weekly retrieved-domain totals of 0028 go
-- (docs/performance.md#rollups): retrieved_count reads one page of a citation list's keys, and a key
-- has one totals row a day, so 30 daily rows answer a default window as
-- fast as the weekly ones did, and ingest writes a table fewer. The
-- daily totals hold every count the weekly ones added up.
DROP TABLE weekly_retrieved_domain_totals;
