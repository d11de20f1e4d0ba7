package web

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/secret"
)

// providerKeysPage is the data of the provider keys page.
type providerKeysPage struct {
	Layout
	Rows []providerKeyRow
	// NoBox says why keys cannot be set: the server has no master key.
	NoBox bool
	// Refused names the provider whose form was refused, and why.
	Refused, Error string
}

// providerKeyRow is one provider: its key's last four characters, never
// the key.
type providerKeyRow struct {
	Code        string
	Set         bool
	Last4       string
	UpdatedAt   time.Time
	LastUsedAt  *time.Time
	LastError   *string
	LastErrorAt *time.Time
}

// handleProviderKeys serves GET /providers: the organization's provider
// keys, write-only (docs/dashboard.md#provider-keys).
func (s *Server) handleProviderKeys(w http.ResponseWriter, r *http.Request, st *state) error {
	return s.renderProviderKeys(w, r, st, http.StatusOK, &providerKeysPage{})
}

func (s *Server) renderProviderKeys(w http.ResponseWriter, r *http.Request, st *state, status int, p *providerKeysPage) error {
	creds, err := s.Store.FindProviderCredentials(r.Context(), st.sess.OrgID)
	if err != nil {
		return err
	}
	p.Layout = layout(st, "Provider keys", "providers", nil)
	p.NoBox = s.box() == nil
	for _, code := range sightline.KeyCodes() {
		row := providerKeyRow{Code: code}
		if i := slices.IndexFunc(creds, func(c *sightline.ProviderCredential) bool { return c.Provider == code }); i >= 0 {
			c := creds[i]
			row.Set, row.Last4, row.UpdatedAt = true, c.Last4, c.UpdatedAt
			row.LastUsedAt, row.LastError, row.LastErrorAt = c.LastUsedAt, c.LastError, c.LastErrorAt
		}
		p.Rows = append(p.Rows, row)
	}
	return s.render(w, r, status, "providerkeys", p)
}

// box is the master key that seals provider keys, nil without one.
func (s *Server) box() *secret.Box {
	if s.Collector == nil {
		return nil
	}
	return s.Collector.Box
}

// providerFromPath reads {provider}: one of the providers collection asks.
func providerFromPath(r *http.Request) (string, error) {
	code := strings.ToLower(r.PathValue("provider"))
	if !slices.Contains(sightline.KeyCodes(), code) {
		return "", sightline.Errorf(sightline.ENOTFOUND, "%q is not a provider Sightline collects from; use %s.", code, strings.Join(sightline.KeyCodes(), ", "))
	}
	return code, nil
}

// handleProviderKeySet serves POST /providers/{provider}: set or replace
// the organization's key, sealed under the master key exactly as
// `sightline providers set-key` seals it; the key is never shown again nor
// logged.
func (s *Server) handleProviderKeySet(w http.ResponseWriter, r *http.Request, st *state) error {
	code, err := providerFromPath(r)
	if err != nil {
		return err
	}
	box := s.box()
	if box == nil {
		return sightline.Errorf(sightline.EUNAVAILABLE, "This server has no master key, so it cannot encrypt provider keys: start it with SIGHTLINE_SECRET_KEY (docs/collect.md).")
	}
	key := strings.TrimSpace(r.PostForm.Get("key"))
	refuse := func(msg string) error {
		return s.renderProviderKeys(w, r, st, http.StatusUnprocessableEntity, &providerKeysPage{Refused: code, Error: msg})
	}
	switch {
	case key == "":
		return refuse("Paste the key.")
	case len(key) > sightline.MaxProviderKeyLength:
		return refuse(fmt.Sprintf("The key must be at most %d characters long.", sightline.MaxProviderKeyLength))
	case strings.ContainsFunc(key, func(r rune) bool { return r <= ' ' || r == 0x7f }):
		return refuse("The key must not contain spaces or control characters.")
	case code == sightline.VendorDataForSEO && !strings.Contains(strings.Trim(key, ":"), ":"):
		return refuse("The DataForSEO credential is login:password (the API login and password of app.dataforseo.com).")
	}
	cred := &sightline.ProviderCredential{OrgID: st.sess.OrgID, Provider: code, Sealed: box.Seal([]byte(key), secret.ProviderKeyData(st.sess.OrgID, code)),
		KeyID: box.ID(), Last4: sightline.CredentialLast4(key)}
	if err := s.Store.SetProviderCredential(r.Context(), cred); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "provider key set", "provider", code, "org_id", st.sess.OrgID, "user_id", st.sess.UserID, "master_key", box.ID())
	return s.redirectFlash(w, r, st, "/providers", flash{Msg: fmt.Sprintf("%s key …%s saved, encrypted.", code, cred.Last4)})
}

// handleProviderKeyRemove serves POST /providers/{provider}/remove.
func (s *Server) handleProviderKeyRemove(w http.ResponseWriter, r *http.Request, st *state) error {
	code, err := providerFromPath(r)
	if err != nil {
		return err
	}
	if err := s.Store.DeleteProviderCredential(r.Context(), st.sess.OrgID, code); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "provider key removed", "provider", code, "org_id", st.sess.OrgID, "user_id", st.sess.UserID)
	return s.redirectFlash(w, r, st, "/providers", flash{Msg: fmt.Sprintf("%s key removed: collection no longer asks %s.", code, code)})
}
