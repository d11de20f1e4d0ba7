package httpapi

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpsec"
)

// statuses is the one place where application error codes become HTTP
// statuses.
var statuses = map[string]int{
	sightline.EUNAUTHORIZED: http.StatusUnauthorized,
	sightline.EFORBIDDEN:    http.StatusForbidden,
	sightline.ENOTFOUND:     http.StatusNotFound,
	sightline.EINVALIDPARAM: http.StatusBadRequest,
	sightline.EINVALIDBODY:  http.StatusBadRequest,
	sightline.EMEDIATYPE:    http.StatusUnsupportedMediaType,
	sightline.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	sightline.EVALIDATION:   http.StatusUnprocessableEntity,
	sightline.ETRANSITION:   http.StatusConflict,
	sightline.ECONFLICT:     http.StatusConflict,
	sightline.EIDEMPOTENCY:  http.StatusUnprocessableEntity,
	sightline.EQUOTA:        http.StatusTooManyRequests,
	sightline.ERATELIMIT:    http.StatusTooManyRequests,
	sightline.EMETHOD:       http.StatusMethodNotAllowed,
	sightline.EINTERNAL:     http.StatusInternalServerError,
	sightline.EUNAVAILABLE:  http.StatusServiceUnavailable,
}

// StatusOf returns the HTTP status of an application error code.
func StatusOf(code string) int {
	if s, ok := statuses[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// errorBody is the error envelope of docs/api.md.
type errorBody struct {
	Error errorObject `json:"error"`
}

type errorObject struct {
	Code      string                 `json:"code"`
	Message   string                 `json:"message"`
	Details   []sightline.FieldError `json:"details,omitempty"`
	RequestID string                 `json:"request_id,omitempty"`
}

// writeError writes err as the error envelope. Internal errors are logged
// with the request id and answered without internals. The error of a
// request whose client went away is no fault of the server: it is logged
// at info level and recorded as 499 (httpsec.ClientGone), with no body
// for nobody to read.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if httpsec.ClientGone(r, err) {
		s.Logger.InfoContext(r.Context(), "client closed request", "request_id", sightline.RequestIDFromContext(r.Context()),
			"method", r.Method, "path", r.URL.Path, "error", err.Error())
		w.WriteHeader(httpsec.StatusClientClosedRequest)
		return
	}
	err = s.unavailable(r, err)
	code := sightline.ErrorCode(err)
	body := errorObject{Code: code, Message: sightline.ErrorMessage(err)}
	var appErr *sightline.Error
	if errors.As(err, &appErr) {
		body.Details = appErr.Details
		if appErr.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(appErr.RetryAfter))
		}
	}
	if code == sightline.EINTERNAL {
		body.RequestID = sightline.RequestIDFromContext(r.Context())
		s.Logger.ErrorContext(r.Context(), "internal error",
			"request_id", body.RequestID, "method", r.Method, "path", r.URL.Path, "error", err.Error())
	}
	writeJSON(w, StatusOf(code), errorBody{Error: body})
}
