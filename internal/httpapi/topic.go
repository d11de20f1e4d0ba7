package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
)

// handleTopicCreate serves POST …/topics: bulk creation by name (docs/api.md).
func (s *Server) handleTopicCreate(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	var body sightline.TopicCreate
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	names, err := body.Validate()
	if err != nil {
		return err
	}
	refs, err := s.Store.CreateTopics(r.Context(), brand.OrgID, brand.ID, names)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusCreated, refs)
}

// handleTopicList serves GET …/topics: topics with their metrics.
func (s *Server) handleTopicList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.TopicFilter{
		Scope:          q.metricScope(brand.ID, sightline.DefaultWindowDays),
		TopicIDs:       q.uuids("filter[topic_ids]"),
		Query:          q.text("filter[query]"),
		IncludeDeleted: q.boolean("filter[is_deleted]", false),
		PageRequest:    q.page(sightline.DefaultPageSize),
		Sort:           q.sort(sightline.TopicSortKeys),
	}
	if err := q.err(); err != nil {
		return err
	}
	topics, total, err := s.Store.FindTopics(r.Context(), brand.OrgID, brand.ID, f)
	if err != nil {
		return err
	}
	// the answer rates of the topics the filter selects (all when none)
	rateScope := f.Scope
	rateScope.TopicIDs = f.TopicIDs
	rates, err := s.Store.FindAnswerRates(r.Context(), brand.OrgID, rateScope)
	if err != nil {
		return err
	}
	return writeList(w, topics, sightline.AnswerRateMeta{PageMeta: sightline.NewPageMeta(f.PageRequest, total), AnswerRate: rates})
}

// handleTopicGet serves GET …/topics/{topic_id} (docs/api.md).
func (s *Server) handleTopicGet(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	scope := q.metricScope(brand.ID, sightline.DefaultWindowDays)
	if err := q.err(); err != nil {
		return err
	}
	topicID, err := pathID(r, "topic_id", "Topic")
	if err != nil {
		return err
	}
	t, err := s.Store.FindTopicByID(r.Context(), brand.OrgID, brand.ID, topicID, scope)
	if err != nil {
		return err
	}
	scope.TopicIDs = []string{topicID}
	rates, err := s.Store.FindAnswerRates(r.Context(), brand.OrgID, scope)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, envelope{Data: t, Meta: sightline.ResourceAnswerRateMeta{AnswerRate: rates}})
	return nil
}

// handleTopicDelete serves DELETE …/topics/{topic_id} (docs/api.md).
func (s *Server) handleTopicDelete(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	topicID, err := pathID(r, "topic_id", "Topic")
	if err != nil {
		return err
	}
	if err := s.Store.DeleteTopic(r.Context(), brand.OrgID, brand.ID, topicID); err != nil {
		return err
	}
	return writeEmpty(w)
}
