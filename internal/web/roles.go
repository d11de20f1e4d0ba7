package web

import (
	"fmt"
	"net/http"
	"slices"
	"sort"

	"github.com/sightline/sightline"
)

// Access levels of the dashboard's routes (docs/dashboard.md#team-access).
const (
	// AccessOpen routes need no session: signing in, an invitation link,
	// the assets.
	AccessOpen = "open"
	// AccessSignedIn routes are for every signed-in user, whatever the role.
	AccessSignedIn = "signed-in"
	// AccessOwn routes are for every signed-in user, but a member may act
	// only on what is the member's own (an API key the member created); the
	// handler checks whose it is with canTouch.
	AccessOwn = "own"
	// AccessAdmin routes are for admins only.
	AccessAdmin = "admin"
)

// routeAccess is the one rule table of the dashboard: every route the
// router holds must have an entry, or Init fails, so that a new route
// cannot go out without deciding who may use it. Members read everything
// and manage prompts (topics), recommendations and their own API keys;
// admins also manage users, provider keys, webhooks and everyone's keys.
var routeAccess = map[string]string{
	"GET /static/{file}":   AccessOpen,
	"GET /login":           AccessOpen,
	"POST /login":          AccessOpen,
	"GET /invite/{token}":  AccessOpen,
	"POST /invite/{token}": AccessOpen,
	"GET /{$}":             AccessSignedIn,
	"POST /logout":         AccessSignedIn,

	"GET /keys":                  AccessSignedIn,
	"POST /keys":                 AccessSignedIn,
	"POST /keys/{key_id}/revoke": AccessOwn,

	"GET /users":                          AccessAdmin,
	"POST /users/invite":                  AccessAdmin,
	"POST /users/invitations/{id}/revoke": AccessAdmin,
	"POST /users/{user_id}/role":          AccessAdmin,
	"POST /users/{user_id}/disable":       AccessAdmin,
	"POST /users/{user_id}/sessions/end":  AccessAdmin,

	"GET /webhooks":               AccessAdmin,
	"POST /webhooks":              AccessAdmin,
	"GET /webhooks/{id}":          AccessAdmin,
	"POST /webhooks/{id}/events":  AccessAdmin,
	"POST /webhooks/{id}/enabled": AccessAdmin,
	"POST /webhooks/{id}/rotate":  AccessAdmin,
	"POST /webhooks/{id}/test":    AccessAdmin,
	"POST /webhooks/{id}/delete":  AccessAdmin,

	"GET /brands":                                            AccessSignedIn,
	"GET /brands/{brand_id}":                                 AccessSignedIn,
	"GET /brands/{brand_id}/citations":                       AccessSignedIn,
	"GET /brands/{brand_id}/topics":                          AccessSignedIn,
	"POST /brands/{brand_id}/topics":                         AccessSignedIn,
	"POST /brands/{brand_id}/topics/{topic_id}/delete":       AccessSignedIn,
	"GET /brands/{brand_id}/recommendations":                 AccessSignedIn,
	"POST /brands/{brand_id}/recommendations/regenerate":     AccessSignedIn,
	"POST /brands/{brand_id}/recommendations/{rec_id}/state": AccessSignedIn,
	"GET /brands/{brand_id}/opportunities":                   AccessSignedIn,
	"POST /brands/{brand_id}/opportunities/compute":          AccessSignedIn,
	"GET /brands/{brand_id}/opportunities/{opp_id}":          AccessSignedIn,
	"GET /brands/{brand_id}/signals":                         AccessSignedIn,
	"GET /brands/{brand_id}/agents":                          AccessSignedIn,

	"GET /providers":                    AccessAdmin,
	"POST /providers/{provider}":        AccessAdmin,
	"POST /providers/{provider}/remove": AccessAdmin,

	"POST /brands":                                               AccessAdmin,
	"GET /brands/{brand_id}/setup":                               AccessSignedIn,
	"POST /brands/{brand_id}/setup/brand":                        AccessAdmin,
	"POST /brands/{brand_id}/competitors":                        AccessAdmin,
	"POST /brands/{brand_id}/competitors/{competitor_id}/delete": AccessAdmin,
	"POST /brands/{brand_id}/prompts":                            AccessSignedIn,
	"POST /brands/{brand_id}/prompts/{prompt_id}":                AccessSignedIn,
	"POST /brands/{brand_id}/prompts/{prompt_id}/deactivate":     AccessSignedIn,
	"POST /brands/{brand_id}/collection":                         AccessAdmin,
	"POST /brands/{brand_id}/collection/collect":                 AccessAdmin,
	"GET /brands/{brand_id}/runs":                                AccessSignedIn,
	"GET /brands/{brand_id}/runs/{run_id}":                       AccessSignedIn,
	"GET /brands/{brand_id}/prompts":                             AccessSignedIn,
}

// Route is one route of the dashboard and who may use it.
type Route struct {
	Pattern string // the router's pattern: "POST /keys"
	Access  string // AccessOpen, AccessSignedIn, AccessOwn or AccessAdmin
}

// Routes lists every route the router holds with its access level, in
// pattern order (the role tests walk them all).
func (s *Server) Routes() []Route {
	var out []Route
	for _, p := range s.mux.patterns {
		out = append(out, Route{Pattern: p, Access: routeAccess[p]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pattern < out[j].Pattern })
	return out
}

// router is the ServeMux that remembers its patterns, so that Init can
// check each against routeAccess.
type router struct {
	*http.ServeMux
	patterns []string
}

func newRouter() *router { return &router{ServeMux: http.NewServeMux()} }

func (m *router) Handle(pattern string, h http.Handler) {
	m.patterns = append(m.patterns, pattern)
	m.ServeMux.Handle(pattern, h)
}

func (m *router) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(h))
}

// checkRules fails when a route has no rule or a rule no route.
func (m *router) checkRules() error {
	for _, p := range m.patterns {
		if !slices.Contains([]string{AccessOpen, AccessSignedIn, AccessOwn, AccessAdmin}, routeAccess[p]) {
			return fmt.Errorf("dashboard route %q has no access rule in routeAccess (internal/web/roles.go)", p)
		}
	}
	return nil
}

// isAdmin reports whether the signed-in user is an admin.
func isAdmin(st *state) bool {
	return st != nil && st.sess != nil && st.sess.Role == sightline.RoleAdmin
}

// errAdminOnly is the refusal of a member on an admin's route.
func errAdminOnly(st *state) error {
	return sightline.Errorf(sightline.EFORBIDDEN,
		"Only an admin of %s can see or change this; your role is %s. Ask an admin to do it or to change your role.",
		st.sess.OrgName, st.sess.Role)
}

// authorize applies the route's rule to the signed-in caller: the one
// check every page and form action goes through. A route without a rule
// is refused (Init refuses to start with one, so this is a second lock).
func (s *Server) authorize(r *http.Request, st *state) error {
	switch routeAccess[r.Pattern] {
	case AccessSignedIn, AccessOwn, AccessOpen:
		return nil
	case AccessAdmin:
		if isAdmin(st) {
			return nil
		}
		return errAdminOnly(st)
	}
	return sightline.Errorf(sightline.EFORBIDDEN, "This page has no access rule.")
}

// canTouch is the AccessOwn check: an admin may act on anything of the
// organization, a member only on what the member created.
func canTouch(st *state, ownerUserID string) error {
	if isAdmin(st) || ownerUserID == st.sess.UserID {
		return nil
	}
	return sightline.Errorf(sightline.EFORBIDDEN,
		"Only its creator or an admin of %s can do this; your role is %s.", st.sess.OrgName, st.sess.Role)
}
