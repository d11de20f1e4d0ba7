package web_test

import (
	"context"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/web"
)

// wantAccess is who may use each route, written here a second time so that
// a route added to the router without a decision here fails the test, and
// a rule loosened in roles.go does too.
var wantAccess = map[string]string{
	"GET /static/{file}":   web.AccessOpen,
	"GET /login":           web.AccessOpen,
	"POST /login":          web.AccessOpen,
	"GET /invite/{token}":  web.AccessOpen,
	"POST /invite/{token}": web.AccessOpen,
	"GET /{$}":             web.AccessSignedIn,
	"POST /logout":         web.AccessSignedIn,

	"GET /keys":                  web.AccessSignedIn,
	"POST /keys":                 web.AccessSignedIn,
	"POST /keys/{key_id}/revoke": web.AccessOwn,

	"GET /users":                          web.AccessAdmin,
	"POST /users/invite":                  web.AccessAdmin,
	"POST /users/invitations/{id}/revoke": web.AccessAdmin,
	"POST /users/{user_id}/role":          web.AccessAdmin,
	"POST /users/{user_id}/disable":       web.AccessAdmin,
	"POST /users/{user_id}/sessions/end":  web.AccessAdmin,

	"GET /webhooks":               web.AccessAdmin,
	"POST /webhooks":              web.AccessAdmin,
	"GET /webhooks/{id}":          web.AccessAdmin,
	"POST /webhooks/{id}/events":  web.AccessAdmin,
	"POST /webhooks/{id}/enabled": web.AccessAdmin,
	"POST /webhooks/{id}/rotate":  web.AccessAdmin,
	"POST /webhooks/{id}/test":    web.AccessAdmin,
	"POST /webhooks/{id}/delete":  web.AccessAdmin,

	"GET /brands":                                            web.AccessSignedIn,
	"GET /brands/{brand_id}":                                 web.AccessSignedIn,
	"GET /brands/{brand_id}/citations":                       web.AccessSignedIn,
	"GET /brands/{brand_id}/topics":                          web.AccessSignedIn,
	"POST /brands/{brand_id}/topics":                         web.AccessSignedIn,
	"POST /brands/{brand_id}/topics/{topic_id}/delete":       web.AccessSignedIn,
	"GET /brands/{brand_id}/recommendations":                 web.AccessSignedIn,
	"POST /brands/{brand_id}/recommendations/regenerate":     web.AccessSignedIn,
	"POST /brands/{brand_id}/recommendations/{rec_id}/state": web.AccessSignedIn,
	"GET /brands/{brand_id}/opportunities":                   web.AccessSignedIn,
	"POST /brands/{brand_id}/opportunities/compute":          web.AccessSignedIn,
	"GET /brands/{brand_id}/opportunities/{opp_id}":          web.AccessSignedIn,
	"GET /brands/{brand_id}/signals":                         web.AccessSignedIn,
	"GET /brands/{brand_id}/agents":                          web.AccessSignedIn,

	"GET /providers":                    web.AccessAdmin,
	"POST /providers/{provider}":        web.AccessAdmin,
	"POST /providers/{provider}/remove": web.AccessAdmin,

	"POST /brands":                                               web.AccessAdmin,
	"GET /brands/{brand_id}/setup":                               web.AccessSignedIn,
	"POST /brands/{brand_id}/setup/brand":                        web.AccessAdmin,
	"POST /brands/{brand_id}/competitors":                        web.AccessAdmin,
	"POST /brands/{brand_id}/competitors/{competitor_id}/delete": web.AccessAdmin,
	"POST /brands/{brand_id}/prompts":                            web.AccessSignedIn,
	"POST /brands/{brand_id}/prompts/{prompt_id}":                web.AccessSignedIn,
	"POST /brands/{brand_id}/prompts/{prompt_id}/deactivate":     web.AccessSignedIn,
	"POST /brands/{brand_id}/collection":                         web.AccessAdmin,
	"POST /brands/{brand_id}/collection/collect":                 web.AccessAdmin,
	"GET /brands/{brand_id}/runs":                                web.AccessSignedIn,
	"GET /brands/{brand_id}/runs/{run_id}":                       web.AccessSignedIn,
	"GET /brands/{brand_id}/prompts":                             web.AccessSignedIn,
}

// Every route the router holds is checked against the role of the
// signed-in user, server-side: a member gets 403 with the page's message
// on every admin route (pages and form posts) and on another user's API
// key; an admin never gets 403; a member is never refused a route open to
// every role. The routes come from the router itself.
func TestRoles_EveryRoute(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	memberEmail, memberPW := e.addUser(t, e.fix.OrgID, "nina.park@taskloom.com")
	admin, _, err := e.db.FindSignInUser(ctx, e.fix.DashboardUser.Email)
	if err != nil || admin.Role != sightline.RoleAdmin {
		t.Fatalf("the first user = %+v, %v; want an admin", admin, err)
	}
	member, _, err := e.db.FindSignInUser(ctx, memberEmail)
	if err != nil || member.Role != sightline.RoleMember {
		t.Fatalf("the second user = %+v, %v; want a member", member, err)
	}
	adminKey, _, err := e.db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: e.fix.OrgID, UserEmail: admin.Email, Name: "admin's"})
	if err != nil {
		t.Fatal(err)
	}

	routes := e.srv.Routes()
	seen := map[string]bool{}
	for _, r := range routes {
		seen[r.Pattern] = true
		if want, ok := wantAccess[r.Pattern]; !ok {
			t.Errorf("route %q (access %q) is not in this test's table: decide who may use it", r.Pattern, r.Access)
		} else if r.Access != want {
			t.Errorf("route %q has access %q, want %q", r.Pattern, r.Access, want)
		}
	}
	for p := range wantAccess {
		if !seen[p] {
			t.Errorf("the router has no route %q", p)
		}
	}

	path := func(pattern string) (method, p string) {
		method, p, _ = strings.Cut(pattern, " ")
		p = strings.TrimSuffix(p, "{$}")
		p = strings.ReplaceAll(p, "{brand_id}", e.fix.BrandID)
		p = strings.ReplaceAll(p, "{key_id}", adminKey.ID) // another user's key, for the member
		for _, param := range []string{"{id}", "{user_id}", "{topic_id}", "{rec_id}", "{opp_id}"} {
			p = strings.ReplaceAll(p, param, "7c9e6679-7425-40de-944b-e07fc1f90ae7")
		}
		return method, p
	}
	// Signing out goes last: it ends the client's session.
	sort.SliceStable(routes, func(i, j int) bool { return routes[j].Pattern == "POST /logout" })
	for _, who := range []struct {
		name, email, pw string
	}{{"member", memberEmail, memberPW}, {"admin", admin.Email, e.fix.DashboardUser.Password}} {
		c := e.client(t)
		c.mustSignIn(who.email, who.pw)
		c.get("/keys") // a CSRF token for the posts
		for _, r := range routes {
			if r.Access == web.AccessOpen {
				continue
			}
			method, p := path(r.Pattern)
			var resp *http.Response
			var body string
			if method == http.MethodGet {
				resp, body = c.get(p)
			} else {
				resp, body = c.post(p, url.Values{})
			}
			refused := resp.StatusCode == http.StatusForbidden
			wantRefused := who.name == "member" && (r.Access == web.AccessAdmin || r.Access == web.AccessOwn)
			if refused != wantRefused {
				t.Errorf("%s: %s %s = %d, want refused %v\n%.400s", who.name, method, p, resp.StatusCode, wantRefused, body)
				continue
			}
			if refused && !strings.Contains(body, "your role is member") {
				t.Errorf("%s: %s %s refused without saying why:\n%.600s", who.name, method, p, body)
			}
		}
	}
}

// A member sees and revokes only the member's own API keys; an admin sees
// and revokes every key of the organization. Keys keep the spec's
// contract: whoever created it, a key reads every brand of its org.
func TestRoles_KeysPage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	memberEmail, memberPW := e.addUser(t, e.fix.OrgID, "nina.park@taskloom.com")
	own, _, err := e.db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: e.fix.OrgID, UserEmail: memberEmail, Name: "nina's key"})
	if err != nil {
		t.Fatal(err)
	}
	m := e.client(t)
	m.mustSignIn(memberEmail, memberPW)
	_, body := m.get("/keys")
	if !strings.Contains(body, "nina&#39;s key") || strings.Contains(body, ">demo<") || strings.Contains(body, ">expired<") {
		t.Errorf("a member's keys page shows other users' keys or misses the member's own:\n%s", body)
	}
	resp, body := m.post("/keys/"+own.ID+"/revoke", nil)
	wantRedirect(t, resp, "/keys")
	a := e.client(t)
	a.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	_, body = a.get("/keys")
	for _, name := range []string{"nina&#39;s key", ">demo<", ">expired<"} {
		if !strings.Contains(body, name) {
			t.Errorf("the admin's keys page misses %s", name)
		}
	}
	if got := strings.Count(body, `data-testid="key-row"`); got != 3 {
		t.Errorf("the admin sees %d keys, want 3", got)
	}
}
