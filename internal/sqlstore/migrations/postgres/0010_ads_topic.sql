-- Ads by topic and provider (docs/performance.md): the ads table is keyed
-- by (brand_id, ran_at, …), so a topic or provider filter read every ad of
-- the window to count them and to find a page's newest ones (all 76 k of 90
-- days when the provider shows none). This index makes each topic and
-- provider pair one range, in date order.
CREATE INDEX ads_topic ON ads (brand_id, topic_id, provider_id, ran_at);
