-- Advertiser summaries (docs/performance.md): an advertiser's answers, ads
-- and providers of a window came from three COUNT(DISTINCT …) over every ad
-- of the window (76 k of 90 days in the demo, 170 ms on SQLite). daily_ads
-- holds per day, advertiser and provider its ads and the answers it showed
-- in (a run has one day and one provider, so answers add up across rows);
-- whole days of an unfiltered or provider-filtered window read it. Ingest
-- keeps it with the other rollups; the Go step of this migration fills it
-- from the ads already stored. Distinct prompts are counted per brand
-- prompt by one probe of ads_advertiser_prompt each.
CREATE TABLE daily_ads (
    brand_id       TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at         TEXT NOT NULL,
    advertiser_id  TEXT NOT NULL,
    provider_id    TEXT NOT NULL,
    ads            INTEGER NOT NULL,
    appearances    INTEGER NOT NULL,
    PRIMARY KEY (brand_id, ran_at, advertiser_id, provider_id)
) WITHOUT ROWID;
CREATE INDEX ads_advertiser_prompt ON ads (brand_id, advertiser_id, prompt_id, ran_at, provider_id);
