-- Search surfaces (docs/collect.md#search-surfaces). An organization
-- chooses which SERP data vendor asks each search surface; without a
-- choice the first vendor with a credential does.
CREATE TABLE provider_sources (
    org_id      TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    surface     TEXT NOT NULL,
    vendor      TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (org_id, surface)
);

-- What a run of a search surface adds: the vendor that answered and
-- whether an AI answer was shown at all. Kept apart from runs, like
-- answers, and only for runs that have one: a run without a row came from
-- a direct API and had its answer shown.
CREATE TABLE run_surfaces (
    run_seq       INTEGER PRIMARY KEY REFERENCES runs (seq) ON DELETE CASCADE,
    brand_id      TEXT NOT NULL,
    source        TEXT,
    answer_shown  INTEGER NOT NULL
);
