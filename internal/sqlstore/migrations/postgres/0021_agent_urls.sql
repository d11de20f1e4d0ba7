-- The page of an agent visit or AI referral as a normalized URL, the form
-- citations.page has (docs/metrics.md#agent-pages-agentspages): the agents'
-- pages are matched against the pages AI answers cite by equality. Ingest
-- fills it with analyze.NormalizeURL of the host and path; rows stored before
-- this migration get the host and path joined, which is that form for a
-- host without "www." and a path without a trailing slash or query.
ALTER TABLE agent_visits ADD COLUMN url TEXT COLLATE "C" NOT NULL DEFAULT '';
UPDATE agent_visits SET url = 'https://' || host || page;

ALTER TABLE ai_referrals ADD COLUMN url TEXT COLLATE "C" NOT NULL DEFAULT '';
UPDATE ai_referrals SET url = 'https://' || host || page;
