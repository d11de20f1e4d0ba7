package sightline

import "context"

type contextKey int

const (
	principalContextKey contextKey = iota + 1
	requestIDContextKey
)

// Surface is the part of the HTTP interface a route belongs to.
type Surface int

// Surfaces: the public API accepts API keys; the internal surface (ingest,
// admin, billing, content generation) accepts only the admin token.
const (
	SurfacePublic Surface = iota
	SurfaceInternal
)

// Principal is who is calling: an API key scoped to one organization, or the
// operator's admin token (no organization; every brand).
type Principal struct {
	OrgID string // empty for the admin
	KeyID string // empty for the admin
	Admin bool
}

// CanAccessOrg reports whether the principal may touch data of orgID.
func (p *Principal) CanAccessOrg(orgID string) bool {
	return p != nil && (p.Admin || (p.OrgID != "" && p.OrgID == orgID))
}

// NewContextWithPrincipal returns a context carrying p.
func NewContextWithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, principalContextKey, p)
}

// PrincipalFromContext returns the caller, or nil for an anonymous request.
func PrincipalFromContext(ctx context.Context) *Principal {
	p, _ := ctx.Value(principalContextKey).(*Principal)
	return p
}

// NewContextWithRequestID returns a context carrying the request id.
func NewContextWithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDContextKey, id)
}

// RequestIDFromContext returns the request id, or "".
func RequestIDFromContext(ctx context.Context) string {
	id, _ := ctx.Value(requestIDContextKey).(string)
	return id
}
