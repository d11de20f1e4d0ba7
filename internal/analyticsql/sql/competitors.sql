{{/* Competitors: the brand's competitors (or only .OnlyID) with their
visibility over the window (docs/metrics.md#competitors-competitors).
run_total: the runs in scope; brand_mentions: per found brand, its mentions
(a run names a found brand at most once: the runs naming it);
competitor_visibility: per competitor, its visibility. */}}
{{define "competitors.sql" -}}
WITH run_total AS (
SELECT COALESCE(SUM(window_runs.runs), 0) AS runs
FROM (
{{- template "run_rows" perPeriod window}}
) window_runs
),
brand_mentions AS (
SELECT window_mentions.found_brand_id AS found_brand_id, SUM(window_mentions.mentions) AS mentions
FROM (
{{- template "mention_rows" perPeriod window}}
) window_mentions
GROUP BY window_mentions.found_brand_id
),
competitor_visibility AS (
SELECT competitors.id AS id, competitors.name AS name, competitors.domain AS domain,
{{pct "COALESCE(brand_mentions.mentions, 0)" "run_total.runs"}} AS visibility,
COALESCE(brand_mentions.mentions, 0) AS mentions, run_total.runs AS runs
FROM competitors
LEFT JOIN found_brands ON found_brands.competitor_id = competitors.id
LEFT JOIN brand_mentions ON brand_mentions.found_brand_id = found_brands.id
CROSS JOIN run_total
WHERE competitors.brand_id = {{brand}}
{{- if .OnlyID}}
AND competitors.id = {{arg .OnlyID}}
{{- end}}
)
SELECT id, name, domain, visibility, COUNT(*) OVER (), mentions, runs
FROM competitor_visibility
{{.Order}}
LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
{{- end}}
