-- Retention (sightline prune, docs/retention.md): the day before which a
-- brand's answers, mentions and citations were deleted. Runs, ads and every
-- rollup stay, so whole-day metrics over those days keep their numbers; a
-- read that needs the deleted facts is refused instead of answered short.
CREATE TABLE fact_horizons (
    brand_id       UUID PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
    pruned_before  TIMESTAMPTZ NOT NULL
);
