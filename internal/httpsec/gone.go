package httpsec

import (
	"context"
	"errors"
	"net/http"

	"github.com/sightline/sightline"
)

// StatusClientClosedRequest is the status recorded (access log, metrics)
// for a request whose client went away before its answer: nginx's 499.
const StatusClientClosedRequest = 499

// ClientGone reports whether err, an internal or unavailable error, is
// only the request's client having gone away (its context canceled, not
// by the server's deadline): no fault of the server, so the API and the
// dashboard log it at info level and record 499 (docs/api.md#errors).
func ClientGone(r *http.Request, err error) bool {
	code := sightline.ErrorCode(err)
	return (code == sightline.EINTERNAL || code == sightline.EUNAVAILABLE) && errors.Is(r.Context().Err(), context.Canceled)
}
