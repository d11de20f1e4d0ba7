package httpapi

import (
	"net/http"
	"strconv"

	"github.com/sightline/sightline"
)

// Rate-limit header fields (IETF draft "RateLimit header fields for HTTP",
// the RateLimit-Limit/-Remaining/-Reset form; docs/api.md#rate-limits).
const (
	headerRateLimit     = "RateLimit-Limit"
	headerRateRemaining = "RateLimit-Remaining"
	headerRateReset     = "RateLimit-Reset"
	headerRatePolicy    = "RateLimit-Policy"
)

// rateLimit counts every request of an API key in the database against
// the key's and its organization's limits, sets the RateLimit-* fields of
// the tightest one and refuses a request over it with 429 RATE_LIMITED and
// Retry-After. When the count cannot be taken (the database is failing),
// the request goes on: the handler then meets the same database.
func (s *Server) rateLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := sightline.PrincipalFromContext(r.Context())
		if p == nil || p.KeyID == "" || s.RateLimits == (sightline.RateLimits{}) {
			next.ServeHTTP(w, r)
			return
		}
		st, err := s.Store.CountRequest(r.Context(), p.OrgID, p.KeyID, s.RateLimits)
		if err != nil {
			s.Logger.WarnContext(r.Context(), "rate limit not counted", "request_id", sightline.RequestIDFromContext(r.Context()),
				"error", err.Error())
			next.ServeHTTP(w, r)
			return
		}
		if st.Limit > 0 {
			reset := st.ResetSeconds(s.now())
			h := w.Header()
			h.Set(headerRateLimit, strconv.Itoa(st.Limit))
			h.Set(headerRateRemaining, strconv.Itoa(st.Remaining))
			h.Set(headerRateReset, strconv.Itoa(reset))
			h.Set(headerRatePolicy, strconv.Itoa(st.Limit)+";w="+strconv.Itoa(int(sightline.RateLimitWindow.Seconds())))
			if st.Exceeded {
				e := sightline.Errorf(sightline.ERATELIMIT, "Too many requests: %d per minute allowed; retry in %d s.", st.Limit, reset)
				e.RetryAfter = reset
				s.writeError(w, r, e)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
