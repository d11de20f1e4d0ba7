package httpapi

import (
	"errors"
	"mime"
	"net/http"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// MaxIngestBodyBytes caps one ingest request.
const MaxIngestBodyBytes = 64 << 20

// handleRunIngest serves POST /internal/v1/brands/{brand_id}/runs: prompt
// runs as JSONL (application/x-ndjson) or a JSON array (application/json).
// With ?strict=true a bad record rejects the whole request (422, nothing
// stored); otherwise bad records are skipped and listed in the answer.
func (s *Server) handleRunIngest(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	strict := q.boolean("strict", false)
	if err := q.err(); err != nil {
		return err
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mt {
	case "application/json", "application/x-ndjson", "application/jsonl", "application/jsonlines":
	default:
		return sightline.Errorf(sightline.EMEDIATYPE, "Content-Type must be application/x-ndjson (JSONL) or application/json (array).")
	}
	body := http.MaxBytesReader(w, r.Body, MaxIngestBodyBytes)
	res, err := ingest.New(s.Store).Ingest(r.Context(), body, ingest.Options{Strict: strict, BrandID: brand.ID})
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return sightline.Errorf(sightline.ETOOLARGE, "Request body is larger than %d bytes.", maxErr.Limit)
	} else if err != nil {
		return err
	}
	if res.Errors == nil {
		res.Errors = []ingest.LineError{}
	}
	if res.Inserted > 0 {
		s.engine().Wake() // change detection is queued
	}
	return writeData(w, http.StatusOK, res)
}
