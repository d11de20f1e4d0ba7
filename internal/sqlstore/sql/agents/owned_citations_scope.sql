-- The conditions on the brand's citations of its own domains in one cut
-- part of the window: "head" is from the window's start to its first whole
-- day, "tail" from its last whole day to its end. Every topic of the brand
-- and every provider is named, so that each pair is one range of the
-- citations' key.
citations.brand_id = :brand_id
      AND citations.topic_id IN (
        SELECT topics.id
        FROM topics
        WHERE topics.brand_id = :brand_id
        UNION ALL
        SELECT {{nilUUID}}
      )
      AND citations.provider_id IN (
        SELECT providers.id
        FROM providers
      )
{{- if eq . "head"}}
      AND citations.ran_at >= :window_start
      AND citations.ran_at < :days_start
{{- else}}
      AND citations.ran_at >= :days_end
      AND citations.ran_at < :window_end
{{- end}}
      AND citations.domain IN (
        SELECT brand_domains.domain
        FROM brand_domains
        WHERE brand_domains.brand_id = :brand_id
      )