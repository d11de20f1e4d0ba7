package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/sightline/sightline"
)

// topicsPage is the data of a brand's topics page.
type topicsPage struct {
	Layout
	Filter  filterBar
	Headers []sortHeader
	Topics  []*sightline.Topic
	Pager   pager
	Action  string
	// Runs is the answers page under this page's window; a topic's
	// visibility links to its answers naming the brand (docs/api.md#runs).
	Runs string
}

var topicColumns = []sortCol{
	{Label: "Topic", Key: "name"}, {Label: "Prompts", Num: true}, {Label: "Visibility", Num: true},
	{Label: "Share of voice", Num: true}, {Label: "Sentiment", Num: true}, {Label: "Citation share", Num: true},
	{Label: "Most visible brands"}, {Label: "Added", Key: "created_at"},
}

// handleTopics serves GET /brands/{brand_id}/topics: the active topics
// with their metrics over the window (GET …/topics).
func (s *Server) handleTopics(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	now := s.now()
	q := newQuery(r)
	win := q.window(now, sightline.DefaultWindowDays)
	sort := q.sort("sort", sightline.TopicSortKeys, "")
	page := q.page("page")
	if err := q.err(); err != nil {
		return err
	}
	f := sightline.TopicFilter{
		Scope:       sightline.Scope{BrandID: brand.ID, Window: win.Window},
		PageRequest: sightline.PageRequest{Page: page, PageSize: sightline.DefaultPageSize},
		Sort:        parseSort(sort),
	}
	topics, total, err := s.Store.FindTopics(r.Context(), st.sess.OrgID, brand.ID, f)
	if err != nil {
		return err
	}
	pu := newPageURL(r)
	p := &topicsPage{
		Layout: layout(st, brand.Name+" topics", "topics", brand), Filter: newFilterBar(r, win, now, "sort"),
		Headers: sortHeaders(pu, "sort", "page", orDefault(sort, "name"), topicColumns),
		Topics:  topics, Pager: newPager(pu, "page", "Topic pages", sightline.NewPageMeta(f.PageRequest, total)),
		Action: "/brands/" + brand.ID + "/topics",
		Runs:   runsLink(brand.ID, win, scopeIDs{}, "mentions", brand.ID),
	}
	return s.render(w, r, http.StatusOK, "topics", p)
}

// handleTopicCreate serves POST /brands/{brand_id}/topics: one topic per
// line of the names field, created in bulk with the API's validation (a
// name that was deleted brings that topic back).
func (s *Server) handleTopicCreate(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	back := "/brands/" + brand.ID + "/topics"
	var body sightline.TopicCreate
	for _, line := range strings.Split(r.PostForm.Get("names"), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			body.Topics = append(body.Topics, struct {
				Name *string `json:"name"`
			}{Name: &line})
		}
	}
	if body.Topics == nil {
		return s.redirectFlash(w, r, st, back, flash{Error: true, Msg: "Enter at least one topic name, one per line."})
	}
	names, err := body.Validate()
	if err != nil {
		return s.redirectFlash(w, r, st, back, flash{Error: true, Msg: lineMessage(err)})
	}
	refs, err := s.Store.CreateTopics(r.Context(), st.sess.OrgID, brand.ID, names)
	if err != nil {
		f, err := errorFlash(err)
		if err != nil {
			return err
		}
		return s.redirectFlash(w, r, st, back, f)
	}
	created := make([]string, len(refs))
	for i, t := range refs {
		created[i] = t.Name
	}
	return s.redirectFlash(w, r, st, back, flash{Msg: fmt.Sprintf("Topics saved: %s.", strings.Join(created, ", "))})
}

// lineMessage words the API's topics[i].name errors for a form with one
// name per line.
func lineMessage(err error) string {
	var e *sightline.Error
	if !errors.As(err, &e) || len(e.Details) == 0 {
		return sightline.ErrorMessage(err)
	}
	var msgs []string
	for _, d := range e.Details {
		msg := d.Message
		if d.Field != nil {
			var i int
			if _, scanErr := fmt.Sscanf(*d.Field, "topics[%d].name", &i); scanErr == nil {
				msg = strings.Replace(msg, *d.Field, "the name on line "+strconv.Itoa(i+1), 1)
			}
		}
		msgs = append(msgs, msg)
	}
	return strings.Join(msgs, " ")
}

// handleTopicDelete serves POST /brands/{brand_id}/topics/{topic_id}/delete:
// the API's soft delete (the topic's prompts stop).
func (s *Server) handleTopicDelete(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	id, err := pathID(r, "topic_id", "Topic")
	if err != nil {
		return err
	}
	back := "/brands/" + brand.ID + "/topics"
	name := strings.TrimSpace(r.PostForm.Get("name"))
	if err := s.Store.DeleteTopic(r.Context(), st.sess.OrgID, brand.ID, id); err != nil {
		f, err := errorFlash(err)
		if err != nil {
			return err
		}
		return s.redirectFlash(w, r, st, back, f)
	}
	return s.redirectFlash(w, r, st, back, flash{Msg: fmt.Sprintf("Topic %q deleted and its prompts paused. Add the same name again to bring it back.", name)})
}
