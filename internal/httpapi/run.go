package httpapi

import (
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// NDJSONType is the media type of the streamed /runs export.
const NDJSONType = "application/x-ndjson"

// runFilter reads the filters of GET …/runs (docs/api.md#runs): the
// scope filters of the metrics, so that their counts can be reproduced,
// and what the answers name and cite.
func (p *params) runFilter(brandID string) sightline.RunFilter {
	f := sightline.RunFilter{Scope: sightline.Scope{
		BrandID:     brandID,
		Window:      p.window(sightline.DefaultWindowDays),
		ProviderIDs: p.uuids("filter[provider_ids]"),
		RegionIDs:   p.uuids("filter[region_ids]"),
		TopicIDs:    p.uuids("filter[topic_ids]"),
		PromptIDs:   p.uuids("filter[prompt_ids]"),
	}}
	f.PageRequest = p.page(sightline.DefaultPageSize)
	f.Mentions = p.uuids("filter[mentions]")
	f.CitesDomains = p.domains("filter[cites_domain]")
	for _, v := range p.list("filter[cites_url]") {
		page, ok := ingest.NormalizePage(v)
		if !ok {
			p.fail("filter[cites_url]", "invalid", "filter[cites_url] must hold absolute http(s) URLs; %q is not one.", v)
			continue
		}
		f.CitesURLs = append(f.CitesURLs, page)
	}
	f.Status = p.enum("filter[status]", sightline.RunStatuses, sightline.RunOK)
	return f
}

// wantsNDJSON reports whether the Accept header asks for NDJSON before
// JSON.
func wantsNDJSON(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		if params["q"] == "0" {
			continue
		}
		switch mt {
		case NDJSONType:
			return true
		case "application/json", "*/*", "application/*":
			return false
		}
	}
	return false
}

// handleRunList serves GET …/runs: the brand's prompt runs, newest first,
// a page of them as JSON, or with Accept: application/x-ndjson every run
// of the filters streamed one a line (page and page_size ignored).
func (s *Server) handleRunList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := q.runFilter(brand.ID)
	if err := q.err(); err != nil {
		return err
	}
	w.Header().Add("Vary", "Accept") // JSON or NDJSON
	if wantsNDJSON(r) {
		return s.streamRuns(w, r, brand, f)
	}
	runs, total, err := s.Store.FindRuns(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	if len(runs) > 0 {
		sp, err := ingest.NewSpanner(r.Context(), s.Store, brand.ID)
		if err != nil {
			return err
		}
		for _, run := range runs {
			sp.Fill(run)
		}
	}
	return writeList(w, runs, sightline.NewPageMeta(f.PageRequest, total))
}

// streamRuns writes every run of f as NDJSON. Runs are read in batches and
// written as they come, so memory stays flat whatever the count. A failure
// after the first bytes went out (a client that went away, most often) can
// only cut the stream short; it is logged as a warning.
func (s *Server) streamRuns(w http.ResponseWriter, r *http.Request, brand *sightline.Brand, f sightline.RunFilter) error {
	sw := &startWriter{w: w, rc: http.NewResponseController(w)}
	n, err := ingest.WriteNDJSON(r.Context(), s.Store, brand.OrgID, f, sw)
	if err != nil && !sw.started {
		return err
	}
	if err != nil {
		s.Logger.WarnContext(r.Context(), "runs stream cut short", "error", err.Error(), "runs", n)
		return nil
	}
	if !sw.started {
		sw.start() // no runs: an empty body
	}
	return nil
}

// streamWriteTimeout is how long one write of a stream may take; a stream
// as a whole may outlast the server's WriteTimeout.
const streamWriteTimeout = 2 * time.Minute

// startWriter sets the NDJSON headers before the first byte, so that an
// error found before any output is still answered as JSON; and it moves
// the connection's write deadline forward as the stream goes on, so that a
// long export is not cut at the server's WriteTimeout while a stalled
// client still is.
type startWriter struct {
	w        http.ResponseWriter
	rc       *http.ResponseController
	started  bool
	deadline time.Time
}

func (sw *startWriter) start() {
	sw.started = true
	sw.w.Header().Set("Content-Type", NDJSONType)
	sw.w.WriteHeader(http.StatusOK)
}

func (sw *startWriter) Write(p []byte) (int, error) {
	if !sw.started {
		sw.start()
	}
	if now := time.Now(); now.After(sw.deadline.Add(-streamWriteTimeout / 2)) {
		sw.deadline = now.Add(streamWriteTimeout)
		_ = sw.rc.SetWriteDeadline(sw.deadline) // not supported by every writer: then the server's timeout holds
	}
	return sw.w.Write(p)
}

// handleRunGet serves GET …/runs/{run_id}: one run, or one failed
// collection attempt.
func (s *Server) handleRunGet(w http.ResponseWriter, r *http.Request) error {
	brand, id, err := s.brandAndID(r, "run_id", "Run")
	if err != nil {
		return err
	}
	run, err := s.Store.FindRunByID(r.Context(), brand.OrgID, brand.ID, id)
	if err != nil {
		return err
	}
	sp, err := ingest.NewSpanner(r.Context(), s.Store, brand.ID)
	if err != nil {
		return err
	}
	sp.Fill(run)
	return writeData(w, http.StatusOK, run)
}
