-- Search surfaces (docs/collect.md#search-surfaces). An organization
-- chooses which SERP data vendor asks each search surface; without a
-- choice the first vendor with a credential does.
CREATE TABLE provider_sources (
    org_id      UUID NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    surface     TEXT COLLATE "C" NOT NULL,
    vendor      TEXT COLLATE "C" NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (org_id, surface)
);

-- What a run of a search surface adds: the vendor that answered and
-- whether an AI answer was shown at all. Kept apart from runs, like
-- answers, and only for runs that have one: a run without a row came from
-- a direct API and had its answer shown.
CREATE TABLE run_surfaces (
    run_seq       BIGINT PRIMARY KEY REFERENCES runs (seq) ON DELETE CASCADE,
    brand_id      UUID NOT NULL,
    source        TEXT COLLATE "C",
    answer_shown  BOOLEAN NOT NULL
);
