package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/engine"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/openapi/openapitest"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/worker"
)

// engAdminToken authorizes the internal surface of the engine test servers.
const engAdminToken = "engine-test-admin-token"

// engEnv is one database with a brand whose answers carry engine
// evidence, served by one or more Servers (replicas) with their own
// database handles.
type engEnv struct {
	dsn     string
	clock   *clock
	dbs     []*sqlstore.DB
	urls    []string
	orgID   string
	brandID string
	key     string
	other   string // API key of another organization
}

// newEngEnv starts replicas servers over one fresh database; quotas are
// the servers' daily limits; each of configure changes every server
// before it starts.
func newEngEnv(t *testing.T, replicas, regenerateQuota, computeQuota int, configure ...func(*httpapi.Server)) *engEnv {
	t.Helper()
	e := &engEnv{dsn: sqlstoretest.NewDSN(t), clock: newClock(t0)}
	for i := range replicas {
		db, err := sqlstore.Open(context.Background(), e.dsn, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if i == 0 {
			if _, err := db.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		db.Now = e.clock.Now
		srv := &httpapi.Server{Store: db, Now: e.clock.Now, AdminToken: engAdminToken,
			Engine: httpapi.EngineConfig{RegenerateQuota: regenerateQuota, ComputeQuota: computeQuota}}
		for _, c := range configure {
			c(srv)
		}
		ts := httptest.NewServer(srv.Handler())
		t.Cleanup(ts.Close)
		e.dbs, e.urls = append(e.dbs, db), append(e.urls, ts.URL)
	}
	e.seed(t)
	return e
}

// seed creates the brand and 36 runs: review sites cite Rival while Acme
// is absent (earned), and Acme's own guide is cited while it ranks 5th
// (refresh).
func (e *engEnv) seed(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	db := e.dbs[0]
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme Inc."})
	if err != nil {
		t.Fatal(err)
	}
	brand, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Acme", Domains: []string{"acme.com"},
		Competitors: []sightline.CompetitorCreate{{Name: "Rival", Domain: "rival.io"}}})
	if err != nil {
		t.Fatal(err)
	}
	e.orgID, e.brandID = org.ID, brand.ID
	_, e.key, err = db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "a@acme.com", Name: "k"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Other Inc."})
	if err != nil {
		t.Fatal(err)
	}
	if _, e.other, err = db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: other.ID, UserEmail: "o@other.com", Name: "k"}); err != nil {
		t.Fatal(err)
	}
	target, _ := db.FindIngestTarget(ctx, brand.ID)
	topics, err := db.CreateTopics(ctx, org.ID, brand.ID, []sightline.TopicRef{{Name: "Sprints"}, {Name: "Gantt"}})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{
		{TopicID: topics[0].ID, Text: "Best sprint planning tool", Intent: "C"},
		{TopicID: topics[1].ID, Text: "How do I build a gantt chart?", Intent: "I"},
	})
	if err != nil {
		t.Fatal(err)
	}
	cite := func(page, domain, pageType, static, title string) sightline.AnalyzedCitation {
		return sightline.AnalyzedCitation{URL: page, Page: page, Domain: domain, PageType: pageType, DomainType: static, Type: "source", Title: title}
	}
	rival := sightline.AnalyzedMention{Name: "Rival", CompetitorID: target.Competitors[0].ID, Position: 1, Count: 1, Sentiment: 50}
	_, err = db.IngestRuns(ctx, func(yield func(*sightline.AnalyzedRun, error) bool) {
		for i := range 36 {
			r := &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: brand.ID, Provider: "chatgpt", Region: []string{"us", "de"}[i%2],
				RanAt: t0.Add(-time.Duration(i+1) * time.Hour), Answer: "1. Plan the work.\n2. Track it.", Mentions: []sightline.AnalyzedMention{rival}}
			if i%2 == 0 {
				r.PromptID, r.TopicID = ps[0].ID, topics[0].ID
				r.Citations = []sightline.AnalyzedCitation{
					cite("https://g2.com/categories/sprint-planning", "g2.com", "category_page", "review", "Best Sprint Planning Tools | G2"),
					cite("https://forbes.com/advisor/best-sprint-tools", "forbes.com", "listicle", "editorial", "The Best Sprint Tools – Forbes"),
				}
			} else {
				r.PromptID, r.TopicID = ps[1].ID, topics[1].ID
				r.Mentions = append(r.Mentions, sightline.AnalyzedMention{Name: "Acme", Self: true, Position: 5, Count: 1, Sentiment: 50})
				r.Citations = []sightline.AnalyzedCitation{
					cite("https://acme.com/blog/gantt-guide", "acme.com", "how_to_guide", "other", "Gantt Guide (2021) – Acme Blog"),
					cite("https://capterra.com/gantt", "capterra.com", "category_page", "review", "Gantt Chart Software | Capterra"),
				}
			}
			if !yield(r, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	sqlstoretest.CompleteDetection(t, db, brand.ID) // these workers run no detection
}

// call sends a request to replica i: key as X-API-KEY, or the admin token
// when key is "admin"; body as JSON when not empty.
func (e *engEnv) call(t *testing.T, i int, method, path, key, body string) response {
	t.Helper()
	return send(t, e.request(t, i, method, path, key, body))
}

// callInvalid is call for a request that breaks the OpenAPI document on
// purpose (openapitest.ExpectInvalid).
func (e *engEnv) callInvalid(t *testing.T, i int, method, path, key, body string) response {
	t.Helper()
	return send(t, openapitest.ExpectInvalid(e.request(t, i, method, path, key, body)))
}

func (e *engEnv) request(t *testing.T, i int, method, path, key, body string) *http.Request {
	t.Helper()
	var rd *bytes.Reader
	if body != "" {
		rd = bytes.NewReader([]byte(body))
	}
	var req *http.Request
	var err error
	if rd != nil {
		req, err = http.NewRequest(method, e.urls[i]+path, rd)
		req.Header.Set("Content-Type", "application/json")
	} else {
		req, err = http.NewRequest(method, e.urls[i]+path, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	switch key {
	case "admin":
		req.Header.Set("Authorization", "Bearer "+engAdminToken)
	case "":
	default:
		req.Header.Set(httpapi.APIKeyHeader, key)
	}
	return req
}

func (e *engEnv) path(suffix string) string { return "/api/v2/brands/" + e.brandID + suffix }

func decodeData[T any](t *testing.T, r response) T {
	t.Helper()
	var env struct{ Data T }
	if err := json.Unmarshal(r.body, &env); err != nil {
		t.Fatalf("decode %s: %v", r.body, err)
	}
	return env.Data
}

type recList struct {
	Data []sightline.Recommendation `json:"data"`
	Meta struct {
		sightline.PageMeta
		Quota sightline.DailyQuota `json:"regenerate_quota"`
	} `json:"meta"`
}

func (e *engEnv) list(t *testing.T, query string) recList {
	t.Helper()
	r := e.call(t, 0, "GET", e.path("/content_studio/recommendations"+query), e.key, "")
	if r.status != http.StatusOK {
		t.Fatalf("list %s: %d %s", query, r.status, r.body)
	}
	var l recList
	if err := json.Unmarshal(r.body, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestEngineAPI_Recommendations: regenerate through the API, the list's
// state filters and meta, one by id, state changes and their errors.
func TestEngineAPI_Recommendations(t *testing.T) {
	e := newEngEnv(t, 1, 3, 2)
	if l := e.list(t, ""); len(l.Data) != 0 || l.Meta.Quota != (sightline.DailyQuota{Limit: 3, Used: 0, Remaining: 3, ResetsAt: sightline.EndOfDay(t0)}) {
		t.Fatalf("before regenerating: %+v", l.Meta)
	}
	r := e.call(t, 0, "POST", e.path("/content_studio/recommendations/regenerate"), e.key, "")
	res := decodeData[sightline.RegenerateResult](t, r)
	if r.status != http.StatusOK || res.Created != 2 || res.RegenerateQuota.Used != 1 {
		t.Fatalf("regenerate: %d %s", r.status, r.body)
	}
	l := e.list(t, "")
	var types []string
	for _, rec := range l.Data {
		types = append(types, rec.Type)
	}
	slices.Sort(types)
	if !slices.Equal(types, []string{"earned_3rd_party", "owned_refresh"}) || l.Meta.TotalItems != 2 || l.Meta.PageSize != 25 || l.Meta.Quota.Used != 1 {
		t.Fatalf("list: types %v meta %+v", types, l.Meta)
	}
	earned := l.Data[slices.IndexFunc(l.Data, func(r sightline.Recommendation) bool { return r.Type == "earned_3rd_party" })]
	if earned.Channel == nil || earned.Channel.Platform != "web" || earned.Evidence == nil || earned.TargetPrompts[0].Text == nil {
		t.Errorf("earned recommendation: %+v", earned)
	}
	rec := e.path("/content_studio/recommendations/" + earned.ID)

	t.Run("GetByID", func(t *testing.T) {
		if got := decodeData[sightline.Recommendation](t, e.call(t, 0, "GET", rec, e.key, "")); got.ID != earned.ID {
			t.Errorf("got %s", got.ID)
		}
		wantError(t, e.call(t, 0, "GET", rec, e.other, ""), http.StatusNotFound, sightline.ENOTFOUND)
		wantError(t, e.call(t, 0, "GET", e.path("/content_studio/recommendations/"+uuid.NewString()), e.key, ""), http.StatusNotFound, sightline.ENOTFOUND)
	})

	t.Run("StateChanges", func(t *testing.T) {
		saved := decodeData[sightline.Recommendation](t, e.call(t, 0, "PATCH", rec, e.key, `{"state":"saved"}`))
		if saved.State != "saved" || saved.StateChangedAt == nil {
			t.Errorf("saved: %+v", saved)
		}
		wantError(t, e.call(t, 0, "PATCH", rec, e.key, `{"state":"dismissed"}`), http.StatusConflict, sightline.ETRANSITION)
		if f := wantError(t, e.callInvalid(t, 0, "PATCH", rec, e.key, `{"state":"archived"}`), http.StatusUnprocessableEntity, sightline.EVALIDATION); !slices.Equal(f, []string{"state"}) {
			t.Errorf("fields %v", f)
		}
		if f := wantError(t, e.callInvalid(t, 0, "PATCH", rec, e.key, `{"state":"done","action_url":"nope"}`), http.StatusUnprocessableEntity, sightline.EVALIDATION); !slices.Equal(f, []string{"action_url"}) {
			t.Errorf("fields %v", f)
		}
		wantError(t, e.call(t, 0, "PATCH", rec, e.other, `{"state":"new"}`), http.StatusNotFound, sightline.ENOTFOUND)
		done := decodeData[sightline.Recommendation](t, e.call(t, 0, "PATCH", rec, e.key, `{"state":"done"}`))
		if !done.Completed || done.ActionURL == nil || *done.ActionURL != *earned.SuggestedActionURL || !done.CompletedAt.Equal(*done.StateChangedAt) {
			t.Errorf("done: %+v", done)
		}
		wl := decodeData[[]sightline.WatchListEntry](t, e.call(t, 0, "GET", e.path("/watch_list"), e.key, ""))
		if len(wl) != 1 || wl[0].URL != *earned.SuggestedActionURL {
			t.Errorf("watch list %+v", wl)
		}
	})

	t.Run("Filters", func(t *testing.T) {
		count := func(query string) int { return e.list(t, query).Meta.TotalItems }
		for query, want := range map[string]int{
			"":                         1, // default: new
			"?filter[state]=done":      1,
			"?filter[states]=new,done": 2,
			"?filter[states][]=new&filter[states][]=saved":         1,
			"?filter[state]=done&filter[states]=new":               0, // AND
			"?filter[states]=new,done&filter[types]=owned_refresh": 1,
			"?filter[states]=new,done&filter[intents]=C":           1,
			"?filter[states]=new,done&filter[archived]=true":       0,
		} {
			if got := count(query); got != want {
				t.Errorf("%s: %d, want %d", query, got, want)
			}
		}
		for _, q := range []string{"filter[state]=archived", "filter[types]=blog", "filter[impacts]=huge", "filter[color]=red", "limit=5"} {
			r := e.callInvalid(t, 0, "GET", e.path("/content_studio/recommendations?"+q), e.key, "")
			if r.status != http.StatusBadRequest {
				t.Errorf("%s: %d", q, r.status)
			}
		}
	})

	t.Run("Quota", func(t *testing.T) {
		for i := 0; i < 2; i++ {
			if r := e.call(t, 0, "POST", e.path("/content_studio/recommendations/regenerate"), e.key, ""); r.status != http.StatusOK {
				t.Fatalf("regenerate %d: %d", i, r.status)
			}
		}
		r := e.call(t, 0, "POST", e.path("/content_studio/recommendations/regenerate"), e.key, "")
		wantError(t, r, http.StatusTooManyRequests, sightline.EQUOTA)
		wantRetry := int(sightline.EndOfDay(t0).Sub(t0).Seconds())
		if got, _ := strconv.Atoi(r.header.Get("Retry-After")); got != wantRetry {
			t.Errorf("Retry-After %q, want %d", r.header.Get("Retry-After"), wantRetry)
		}
		if q := e.list(t, "").Meta.Quota; q.Used != 3 || q.Remaining != 0 {
			t.Errorf("quota %+v", q)
		}
		// The next UTC day has a fresh quota.
		e.clock.Set(sightline.EndOfDay(t0))
		if r := e.call(t, 0, "POST", e.path("/content_studio/recommendations/regenerate"), e.key, ""); r.status != http.StatusOK {
			t.Errorf("next day: %d %s", r.status, r.body)
		}
		e.clock.Set(t0)
	})
}

// TestEngineAPI_ComputeAndBriefs: compute status idle → queued (202) →
// queued again without spending (200) → completed by a worker; briefs are
// created on the internal surface only and read on the public one.
func TestEngineAPI_ComputeAndBriefs(t *testing.T) {
	e := newEngEnv(t, 1, 3, 1)
	compute := e.path("/opportunities/compute")
	if st := decodeData[sightline.ComputeStatus](t, e.call(t, 0, "GET", compute, e.key, "")); st.Status != "idle" || st.Quota.Limit != 1 {
		t.Fatalf("idle: %+v", st)
	}
	r := e.call(t, 0, "POST", compute, e.key, "")
	if st := decodeData[sightline.ComputeStatus](t, r); r.status != http.StatusAccepted || st.Status != "queued" || st.Quota.Used != 1 || st.StartedAt != nil {
		t.Fatalf("enqueue: %d %s", r.status, r.body)
	}
	r = e.call(t, 0, "POST", compute, e.key, "")
	if st := decodeData[sightline.ComputeStatus](t, r); r.status != http.StatusOK || st.Status != "queued" || st.Quota.Used != 1 {
		t.Fatalf("enqueue while queued: %d %s", r.status, r.body)
	}
	wantError(t, e.call(t, 0, "POST", compute, e.other, ""), http.StatusNotFound, sightline.ENOTFOUND)
	w := worker.New(e.dbs[0], worker.Config{Now: e.clock.Now})
	if err := w.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	st := decodeData[sightline.ComputeStatus](t, e.call(t, 0, "GET", compute, e.key, ""))
	if st.Status != "completed" || st.StartedAt == nil || st.CompletedAt == nil || st.DurationMS == nil {
		t.Fatalf("completed: %+v", st)
	}
	wantError(t, e.call(t, 0, "POST", compute, e.key, ""), http.StatusTooManyRequests, sightline.EQUOTA)
	opps := decodeData[[]sightline.Opportunity](t, e.call(t, 0, "GET", e.path("/opportunities"), e.key, ""))
	if len(opps) == 0 {
		t.Fatal("no opportunities")
	}
	if o := decodeData[sightline.Opportunity](t, e.call(t, 0, "GET", e.path("/opportunities/"+opps[0].ID), e.key, "")); o.ID != opps[0].ID || o.MatchedPrompt == nil {
		t.Errorf("opportunity %+v", o)
	}
	wantError(t, e.call(t, 0, "GET", e.path("/opportunities/"+opps[0].ID), e.other, ""), http.StatusNotFound, sightline.ENOTFOUND)

	if r := e.call(t, 0, "POST", e.path("/content_studio/recommendations/regenerate"), e.key, ""); r.status != http.StatusOK {
		t.Fatal(r.status)
	}
	recs := e.list(t, "").Data
	briefs := e.path("/content_studio/briefs")
	body := `{"recommendation_id":"` + recs[0].ID + `"}`
	wantError(t, e.callInvalid(t, 0, "POST", briefs, e.key, body), http.StatusForbidden, sightline.EFORBIDDEN)
	wantError(t, e.callInvalid(t, 0, "POST", briefs, "", body), http.StatusUnauthorized, sightline.EUNAUTHORIZED)
	if f := wantError(t, e.callInvalid(t, 0, "POST", briefs, "admin", `{"mode":"create"}`), http.StatusUnprocessableEntity, sightline.EVALIDATION); !slices.Equal(f, []string{"recommendation_id"}) {
		t.Errorf("fields %v", f)
	}
	r = e.call(t, 0, "POST", briefs, "admin", body)
	b := decodeData[sightline.Brief](t, r)
	if r.status != http.StatusAccepted || b.State != "new" || b.Article == nil || b.Recommendation == nil || b.Recommendation.ID != recs[0].ID {
		t.Fatalf("create brief: %d %s", r.status, r.body)
	}
	if err := w.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := decodeData[sightline.Brief](t, e.call(t, 0, "GET", briefs+"/"+b.ID, e.key, ""))
	if got.State != "ready" || got.ProgressPct != 100 || got.BriefText == "" || len(got.TargetPrompts) == 0 {
		t.Errorf("brief: %+v", got)
	}
	if list := decodeData[[]sightline.Brief](t, e.call(t, 0, "GET", briefs+"?filter[states]=ready", e.key, "")); len(list) != 1 {
		t.Errorf("%d ready briefs", len(list))
	}
	wantError(t, e.call(t, 0, "GET", briefs+"/"+b.ID, e.other, ""), http.StatusNotFound, sightline.ENOTFOUND)
}

// TestEngineAPI_TwoReplicas sends many concurrent regenerate and compute
// requests to two servers (replicas, each with its own connection pool) on
// one database: the regenerate quota is spent exactly to its limit, one
// compute job is enqueued, and workers on both replicas complete it once.
func TestEngineAPI_TwoReplicas(t *testing.T) {
	const limit, callers = 4, 20
	e := newEngEnv(t, 2, limit, limit)
	statuses := func(path string) map[int]int {
		var mu sync.Mutex
		got := map[int]int{}
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range callers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				r := e.call(t, i%2, "POST", path, e.key, "")
				mu.Lock()
				got[r.status]++
				mu.Unlock()
				if r.status == http.StatusTooManyRequests && r.header.Get("Retry-After") == "" {
					t.Error("429 without Retry-After")
				}
			}()
		}
		close(start)
		wg.Wait()
		return got
	}
	if got := statuses(e.path("/content_studio/recommendations/regenerate")); got[http.StatusOK] != limit || got[http.StatusTooManyRequests] != callers-limit {
		t.Errorf("regenerate statuses %v, want %d × 200 and %d × 429", got, limit, callers-limit)
	}
	if q := e.list(t, "?filter[states]=new,saved,done,dismissed").Meta; q.Quota.Used != limit || q.TotalItems != 2 {
		t.Errorf("after the race: quota %+v, %d recommendations", q.Quota, q.TotalItems)
	}
	if got := statuses(e.path("/opportunities/compute")); got[http.StatusAccepted] != 1 || got[http.StatusOK] != callers-1 {
		t.Errorf("compute statuses %v, want one 202", got)
	}
	var completed sync.WaitGroup
	var workers []*worker.Worker
	for _, db := range e.dbs {
		w := worker.New(db, worker.Config{Poll: 5 * time.Millisecond, Now: e.clock.Now})
		w.Start()
		workers = append(workers, w)
	}
	completed.Add(1)
	go func() {
		defer completed.Done()
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			st, err := e.dbs[1].FindComputeStatus(context.Background(), e.orgID, e.brandID, limit)
			if err == nil && st.Status == sightline.JobCompleted {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Error("the compute job was not completed")
	}()
	completed.Wait()
	for _, w := range workers {
		if err := w.Shutdown(context.Background()); err != nil {
			t.Error(err)
		}
	}
	st := decodeData[sightline.ComputeStatus](t, e.call(t, 1, "GET", e.path("/opportunities/compute"), e.key, ""))
	if st.Status != "completed" || st.Quota.Used != 1 {
		t.Errorf("compute: %+v", st)
	}
}

// sendPlain sends req with a client that checks nothing, for timing the
// server: the validating client of send does seconds of work of its own
// when a hundred responses come at once under the race detector.
func sendPlain(t *testing.T, req *http.Request) response {
	t.Helper()
	resp, err := plainClient.Do(req)
	if err != nil {
		t.Errorf("%s %s: %v", req.Method, req.URL, err)
		return response{}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Errorf("read body: %v", err)
	}
	return response{status: resp.StatusCode, header: resp.Header, body: body}
}

var plainClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200}}

// TestEngineAPI_TwoReplicasFastRefusals sends 100 concurrent regenerate
// requests to two replicas with a quota of 10, while each accepted
// regeneration takes a while: exactly 10 are accepted, every refusal comes
// in under a second, before the regenerations are done, and a prompt list
// asked for meanwhile on each replica answers in under a second too. The
// race detector multiplies the bound by raceSlowdown; the accepted
// regenerations take 10 s of work in all, and a refusal that waits on
// them cannot pass.
func TestEngineAPI_TwoReplicasFastRefusals(t *testing.T) {
	const limit, callers, work = 10, 100, time.Second
	const bound = raceSlowdown * time.Second
	slow := func(s *httpapi.Server) {
		s.Engine.Generate = func(ev *sightline.BrandEvidence) ([]*sightline.Recommendation, error) {
			time.Sleep(work)
			return engine.GenerateRecommendations(ev)
		}
	}
	e := newEngEnv(t, 2, limit, limit, slow)
	type outcome struct {
		status  int
		elapsed time.Duration
	}
	var mu sync.Mutex
	var outcomes []outcome
	var wg sync.WaitGroup
	start := make(chan struct{})
	began := time.Now()
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			t0 := time.Now()
			r := sendPlain(t, e.request(t, i%len(e.urls), "POST", e.path("/content_studio/recommendations/regenerate"), e.key, ""))
			mu.Lock()
			outcomes = append(outcomes, outcome{r.status, time.Since(t0)})
			mu.Unlock()
			if r.status == http.StatusTooManyRequests && r.header.Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
		}()
	}
	close(start)
	// The prompt lists go out once the regenerations are under way.
	time.Sleep(100 * time.Millisecond)
	for i := range e.urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t0 := time.Now()
			r := sendPlain(t, e.request(t, i, "GET", e.path("/prompts"), e.key, ""))
			if d := time.Since(t0); r.status != http.StatusOK || d > bound {
				t.Errorf("GET …/prompts on replica %d during the regenerations: %d in %v, want 200 in under %v", i, r.status, d, bound)
			}
		}()
	}
	wg.Wait()
	total := time.Since(began)
	got := map[int]int{}
	var slowest, lastAccepted time.Duration
	for _, o := range outcomes {
		got[o.status]++
		switch o.status {
		case http.StatusTooManyRequests:
			slowest = max(slowest, o.elapsed)
		case http.StatusOK:
			lastAccepted = max(lastAccepted, o.elapsed)
		}
	}
	if got[http.StatusOK] != limit || got[http.StatusTooManyRequests] != callers-limit {
		t.Errorf("regenerate statuses %v, want %d × 200 and %d × 429", got, limit, callers-limit)
	}
	if slowest > bound {
		t.Errorf("slowest refusal took %v, want under %v", slowest, bound)
	}
	// The accepted regenerations take their time, and the refusals came
	// while they ran, not after.
	if lastAccepted < work {
		t.Errorf("the last regeneration was answered in %v: they did not take %v each", lastAccepted, work)
	}
	if slowest >= lastAccepted {
		t.Errorf("the slowest refusal (%v) came after the last regeneration (%v)", slowest, lastAccepted)
	}
	t.Logf("slowest refusal %v, all %d answered in %v", slowest, callers, total)
	if q := e.list(t, "?filter[states]=new,saved,done,dismissed").Meta; q.Quota.Used != limit || q.TotalItems != 2 {
		t.Errorf("after the race: quota %+v, %d recommendations", q.Quota, q.TotalItems)
	}
}

// TestEngineAPI_WriteDeadline: a write has a deadline like a read. A
// regeneration that outlasts --write-request-timeout is answered 503
// UNAVAILABLE with Retry-After, saves nothing and gives its quota unit
// back.
func TestEngineAPI_WriteDeadline(t *testing.T) {
	e := newEngEnv(t, 1, 1, 1, func(s *httpapi.Server) {
		s.Limits.WriteRequestTimeout = 300 * time.Millisecond
		s.Engine.Generate = func(ev *sightline.BrandEvidence) ([]*sightline.Recommendation, error) {
			time.Sleep(time.Second)
			return engine.GenerateRecommendations(ev)
		}
	})
	r := e.call(t, 0, "POST", e.path("/content_studio/recommendations/regenerate"), e.key, "")
	wantError(t, r, http.StatusServiceUnavailable, "UNAVAILABLE")
	if r.header.Get("Retry-After") == "" {
		t.Error("503 without Retry-After")
	}
	if q := e.list(t, "?filter[states]=new,saved,done,dismissed").Meta; q.Quota.Used != 0 || q.TotalItems != 0 {
		t.Errorf("after a regeneration past its deadline: quota %+v, %d recommendations; want none used, none saved", q.Quota, q.TotalItems)
	}
}
