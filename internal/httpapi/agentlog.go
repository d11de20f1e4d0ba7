package httpapi

import (
	"errors"
	"mime"
	"net/http"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/agentlog"
)

// MaxAgentLogRecords caps the records of one POST …/agent_logs
// (docs/api.md#agent-logs); the body limit caps its bytes.
const MaxAgentLogRecords = 10_000

// handleAgentLogs serves POST /api/v2/brands/{brand_id}/agent_logs: access
// log records of the plain format as NDJSON (application/x-ndjson) or a
// JSON array (application/json). Bad records are skipped and listed; the
// AI agents' visits and AI referrals of the brand's domains are stored
// (docs/agents.md).
func (s *Server) handleAgentLogs(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mt {
	case "application/json", "application/x-ndjson", "application/jsonl", "application/jsonlines":
	default:
		return sightline.Errorf(sightline.EMEDIATYPE, "Content-Type must be application/x-ndjson (JSON lines) or application/json (an array).")
	}
	body := http.MaxBytesReader(w, r.Body, s.maxBody())
	res, err := (&agentlog.Ingester{Store: s.Store, Ranges: s.AgentRanges}).Ingest(r.Context(), body, agentlog.Options{
		OrgID: brand.OrgID, BrandID: brand.ID, Domains: brand.Domains, Format: agentlog.FormatJSON,
		// One batch: a request over the record cap stores nothing.
		MaxRecords: MaxAgentLogRecords, BatchSize: MaxAgentLogRecords + 1,
	})
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return sightline.Errorf(sightline.ETOOLARGE, "Request body is larger than %d bytes.", maxErr.Limit)
	case errors.Is(err, agentlog.ErrTooMany):
		return sightline.Errorf(sightline.ETOOLARGE, "More than %d records: send them in several requests.", MaxAgentLogRecords)
	case errors.Is(err, agentlog.ErrInvalidArray):
		return sightline.Errorf(sightline.EINVALIDBODY, "The body starts as a JSON array but is not valid JSON.")
	case err != nil:
		return err
	}
	return writeData(w, http.StatusOK, res)
}
