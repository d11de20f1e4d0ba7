package web

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// keysPage is the data of the API keys page.
type keysPage struct {
	Layout
	Keys      []keyRow
	NewSecret string // the secret of the key just created, shown once
	// The create form, re-shown with its values and the problem when it
	// was refused.
	Name, Expires string
	Error         string
	MinExpiry     string
	Admin         bool // the list holds every key of the organization
}

// keyRow is one key as the list shows it: never the secret, only its
// first characters and last four.
type keyRow struct {
	*sightline.APIKey
	Hint   string
	Status string
}

// handleKeys serves GET /keys.
func (s *Server) handleKeys(w http.ResponseWriter, r *http.Request, st *state) error {
	p := &keysPage{}
	if st.flash != nil && st.flash.Secret != "" {
		p.NewSecret = st.flash.Secret
	}
	return s.renderKeys(w, r, st, http.StatusOK, p)
}

func (s *Server) renderKeys(w http.ResponseWriter, r *http.Request, st *state, status int, p *keysPage) error {
	keys, err := s.Store.FindAPIKeys(r.Context(), st.sess.OrgID)
	if err != nil {
		return err
	}
	now := s.now()
	p.Layout = layout(st, "API keys", "keys", nil)
	p.MinExpiry = now.Format(time.DateOnly)
	p.Admin = isAdmin(st)
	for _, k := range keys {
		// A member manages only the member's own keys
		// (docs/dashboard.md#team-access); an admin sees every key.
		if !p.Admin && k.UserID != st.sess.UserID {
			continue
		}
		p.Keys = append(p.Keys, keyRow{APIKey: k, Hint: k.Prefix + "…" + k.Last4, Status: k.Status(now)})
	}
	return s.render(w, r, status, "keys", p)
}

// handleKeyCreate serves POST /keys: a key with a name and an optional
// expiry date (it works until the end of that day, UTC, as with `keys
// create --expires`), created for the signed-in user. The secret goes to
// the next page in the sealed flash, so that a reload does not show it
// again and never creates a second key.
func (s *Server) handleKeyCreate(w http.ResponseWriter, r *http.Request, st *state) error {
	name := strings.TrimSpace(r.PostForm.Get("name"))
	expires := strings.TrimSpace(r.PostForm.Get("expires_at"))
	in := sightline.APIKeyCreate{OrgID: st.sess.OrgID, UserEmail: st.sess.Email, Name: name}
	refuse := func(msg string) error {
		return s.renderKeys(w, r, st, http.StatusUnprocessableEntity, &keysPage{Name: name, Expires: expires, Error: msg})
	}
	if len(name) > 100 {
		return refuse("The name must be at most 100 characters long.")
	}
	if expires != "" {
		t, err := time.Parse(time.DateOnly, expires)
		if err != nil {
			return refuse("The expiry date must be a date (YYYY-MM-DD).")
		}
		end := sightline.EndOfDay(t)
		if !end.After(s.now()) {
			return refuse("The expiry date must be today or later.")
		}
		in.ExpiresAt = &end
	}
	if err := in.Validate(); err != nil {
		return refuse(strings.ToUpper(sightline.ErrorMessage(err)[:1]) + sightline.ErrorMessage(err)[1:] + ".")
	}
	k, secret, err := s.Store.CreateAPIKey(r.Context(), in)
	if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "api key created", "key_id", k.ID, "org_id", k.OrgID, "user_id", st.sess.UserID)
	return s.redirectFlash(w, r, st, "/keys", flash{Msg: fmt.Sprintf("API key %q created.", k.Name), Secret: secret})
}

// handleKeyRevoke serves POST /keys/{key_id}/revoke: revoked at once for
// every replica (the API checks keys in the database on every request).
func (s *Server) handleKeyRevoke(w http.ResponseWriter, r *http.Request, st *state) error {
	id, err := pathID(r, "key_id", "API key")
	if err != nil {
		return err
	}
	keys, err := s.Store.FindAPIKeys(r.Context(), st.sess.OrgID)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(keys, func(k *sightline.APIKey) bool { return k.ID == id })
	if i < 0 {
		return sightline.Errorf(sightline.ENOTFOUND, "API key not found.")
	}
	if err := canTouch(st, keys[i].UserID); err != nil {
		return err
	}
	if err := s.Store.RevokeOrgAPIKey(r.Context(), st.sess.OrgID, id); err != nil {
		return err
	}
	name := keys[i].Name
	s.Logger.InfoContext(r.Context(), "api key revoked", "key_id", id, "org_id", st.sess.OrgID, "user_id", st.sess.UserID)
	return s.redirectFlash(w, r, st, "/keys", flash{Msg: fmt.Sprintf("API key %q revoked: requests with it now get 401.", name)})
}
