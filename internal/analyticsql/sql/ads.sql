{{/* The ads shown in the scope (docs/api.md): their count and a page of
them, .Limit from .Offset ordered by .Order. .Query (any when empty)
matches the advertiser's name or domain or the ad's text. The page's keys
come first, then its rows: the keys of a topic or provider filter come
from the narrow ads_topic index (migration 0010) in date order, without
reading every ad of the window; every ad has its advertiser, so the keys
join advertisers only to match or sort by them (.KeysJoin). */}}
{{define "ads.sql" -}}
SELECT runs.id, ads.advertiser_id, advertisers.name, advertisers.domain, advertisers.favicon_url, ads.text,
ads.prompt_id, ads.topic_id, ads.provider_id, ads.region_id, ads.ran_at
FROM (
  SELECT ads.brand_id AS brand_id, ads.ran_at AS ran_at, ads.run_seq AS run_seq, ads.ord AS ord
{{- template "ads_where" pair . .KeysJoin}}
  {{.Order}}
  LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
) page_keys
JOIN ads ON ads.brand_id = page_keys.brand_id AND ads.ran_at = page_keys.ran_at
  AND ads.run_seq = page_keys.run_seq AND ads.ord = page_keys.ord
JOIN advertisers ON advertisers.id = ads.advertiser_id
JOIN runs ON runs.seq = ads.run_seq
{{.Order}}
{{- end}}

{{/* The count of the ads ads.sql pages through: without a query and a
filter daily_ads lacks, the whole days from daily_ads and the partial ones
from ads (daily_ads keeps days, advertisers and providers, so filter_in's
conditions suit it too). */}}
{{define "ads_count.sql" -}}
{{- if .DayRollups -}}
SELECT CAST(0
{{- range .Full}}
+ (SELECT COALESCE(SUM(daily_ads.ads), 0) FROM daily_ads WHERE {{template "filter_in" pair "daily_ads" .}})
{{- end}}
{{- range .Raw}}
+ (SELECT COUNT(*) FROM ads WHERE {{template "filter_in" pair "ads" .}})
{{- end}}
AS BIGINT)
{{- else -}}
SELECT COUNT(*)
{{- template "ads_where" pair . .Query}}
{{- end}}
{{- end}}

{{/* FROM and WHERE of the ads in scope: .A the data of ads.sql, .B whether
to join advertisers. */}}
{{define "ads_where"}}
FROM ads
{{- if .B}}
JOIN advertisers ON advertisers.id = ads.advertiser_id
{{- end}}
WHERE {{template "filter_in" pair "ads" scope.Window}}
{{- if .A.Query}}
{{- $p := like .A.Query}}
AND (
  lower(advertisers.name) LIKE {{arg $p}} ESCAPE '\' OR lower(advertisers.domain) LIKE {{arg $p}} ESCAPE '\'
  OR lower(ads.text) LIKE {{arg $p}} ESCAPE '\'
)
{{- end}}
{{- end}}

{{/* The advertisers list: .Limit of the brand's advertisers that showed
ads in the scope (whose name or domain contains .Query, any when empty)
from .Offset, ordered by .Order, with the count of all on every row. */}}
{{define "advertisers.sql" -}}
{{template "advertiser_summaries" .}}
SELECT {{template "advertiser_columns"}}, COUNT(*) OVER ()
FROM advertiser_summaries
{{.Order}}
LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
{{- end}}

{{/* The count of the advertisers (for a page past the end). */}}
{{define "advertisers_count.sql" -}}
{{template "advertiser_summaries" .}}
SELECT COUNT(*) FROM advertiser_summaries
{{- end}}

{{/* One advertiser's summary over the window (no row when it showed no ad
in the scope). */}}
{{define "advertiser.sql" -}}
{{template "advertiser_summaries" .}}
SELECT {{template "advertiser_columns"}}
FROM advertiser_summaries
{{- end}}

{{define "advertiser_columns" -}}
id, name, appearances, prompts, ads, providers, domain, favicon_url, first_seen, last_seen
{{- end}}

{{/* advertiser_summaries: per advertiser (of .OnlyID when given), the
answers it appeared next to, distinct prompts, ads shown and distinct
providers in the window, and when it was first and last seen at all; only
those with ads in the window under .ActiveOnly. With .DayRollups
window_totals reads daily_ads for the window's whole days and ads for its
partial ones (a run lies in one of them, so its answer is counted once),
and an advertiser's distinct prompts are one probe of
ads_advertiser_prompt per prompt of the brand, instead of sorting every ad
of the window. */}}
{{define "advertiser_summaries" -}}
{{- $q := scope}}
{{- if .DayRollups -}}
WITH advertiser_days AS (
{{- range $i, $r := reads "ads" window}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT daily_ads.advertiser_id AS advertiser_id, daily_ads.provider_id AS provider_id,
daily_ads.ads AS ads, daily_ads.appearances AS appearances
{{- template "from_table" pair $r "daily_ads"}}
{{- if $.OnlyID}}
AND daily_ads.advertiser_id = {{arg $.OnlyID}}
{{- end}}
{{- else}}
SELECT ads.advertiser_id AS advertiser_id, ads.provider_id AS provider_id, COUNT(*) AS ads,
COUNT(DISTINCT ads.run_seq) AS appearances
{{- template "from_table" pair $r "ads"}}
{{- if $.OnlyID}}
AND ads.advertiser_id = {{arg $.OnlyID}}
{{- end}}
GROUP BY ads.advertiser_id, ads.provider_id
{{- end}}
{{- end}}
),
window_totals AS (
SELECT advertiser_id AS id, SUM(appearances) AS appearances, SUM(ads) AS ads,
COUNT(DISTINCT provider_id) AS providers
FROM advertiser_days
GROUP BY advertiser_id
)
{{- else -}}
WITH window_totals AS (
SELECT ads.advertiser_id AS id, COUNT(DISTINCT ads.run_seq) AS appearances,
COUNT(DISTINCT ads.prompt_id) AS prompts, COUNT(*) AS ads, COUNT(DISTINCT ads.provider_id) AS providers
FROM ads
WHERE {{template "filter_in" pair "ads" $q.Window}}
{{- if .OnlyID}}
AND ads.advertiser_id = {{arg .OnlyID}}
{{- end}}
GROUP BY ads.advertiser_id
)
{{- end}},
advertiser_summaries AS (
SELECT advertisers.id AS id, advertisers.name AS name,
COALESCE(window_totals.appearances, 0) AS appearances,
{{if .DayRollups -}}
(
  SELECT COUNT(*) FROM prompts
  WHERE prompts.brand_id = {{brand}}
  AND EXISTS (
    SELECT 1 FROM ads
    WHERE ads.advertiser_id = advertisers.id AND ads.prompt_id = prompts.id
    AND {{template "filter_in" pair "ads" $q.Window}}
  )
)
{{- else}}COALESCE(window_totals.prompts, 0){{end}} AS prompts,
COALESCE(window_totals.ads, 0) AS ads, COALESCE(window_totals.providers, 0) AS providers,
advertisers.domain AS domain, advertisers.favicon_url AS favicon_url,
(SELECT MIN(ads.ran_at) FROM ads WHERE ads.advertiser_id = advertisers.id) AS first_seen,
(SELECT MAX(ads.ran_at) FROM ads WHERE ads.advertiser_id = advertisers.id) AS last_seen
FROM advertisers
{{if .ActiveOnly}}JOIN{{else}}LEFT JOIN{{end}} window_totals ON window_totals.id = advertisers.id
WHERE advertisers.brand_id = {{brand}}
{{- if .OnlyID}}
AND advertisers.id = {{arg .OnlyID}}
{{- end}}
{{- if .Query}}
{{- $p := like .Query}}
AND (lower(advertisers.name) LIKE {{arg $p}} ESCAPE '\' OR lower(advertisers.domain) LIKE {{arg $p}} ESCAPE '\')
{{- end}}
)
{{- end}}
