package web

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/password"
)

// Cookies and form fields (docs/dashboard.md#security).
const (
	sessionCookie = "sightline_session" // the session token; the store keeps its digest
	loginCookie   = "sightline_login"   // the sign-in form's CSRF token (double submit)
	flashCookie   = "sightline_flash"   // one message for the next page, sealed with the session
	csrfField     = "csrf_token"
	maxFormBytes  = 64 << 10
)

// state is what a request knows about its caller.
type state struct {
	sess  *sightline.Session // nil when signed out
	token string             // the session token of the cookie
	csrf  string             // the CSRF token of the session's forms
	flash *flash
}

// handlerFunc is a page or form action; the error it returns becomes an
// HTML error page.
type handlerFunc func(w http.ResponseWriter, r *http.Request, st *state) error

// page wraps a GET page that needs a session: signed-out visitors are sent
// to the sign-in page, which brings them back afterwards.
func (s *Server) page(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st, err := s.loadSession(w, r)
		if err != nil {
			s.renderError(w, r, nil, err)
			return
		}
		if st.sess == nil {
			http.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
			return
		}
		st.flash = s.takeFlash(w, r, st)
		w.Header().Set("Cache-Control", "no-store")
		if err := s.authorize(r, st); err != nil {
			s.renderError(w, r, st, err)
			return
		}
		if err := h(w, r, st); err != nil {
			s.renderError(w, r, st, err)
		}
	})
}

// action wraps a form post that changes something: it needs a session, a
// same-origin request and the session's CSRF token (403 otherwise).
func (s *Server) action(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st, err := s.loadSession(w, r)
		if err != nil {
			s.renderError(w, r, nil, err)
			return
		}
		if st.sess == nil {
			http.Redirect(w, r, "/login", http.StatusSeeOther)
			return
		}
		if err := s.checkForm(w, r, st.csrf); err != nil {
			s.renderError(w, r, st, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		if err := s.authorize(r, st); err != nil {
			s.renderError(w, r, st, err)
			return
		}
		if err := h(w, r, st); err != nil {
			s.renderError(w, r, st, err)
		}
	})
}

// open wraps the sign-in pages, which need no session.
func (s *Server) open(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if err := h(w, r, &state{}); err != nil {
			s.renderError(w, r, nil, err)
		}
	})
}

var errCSRF = sightline.Errorf(sightline.EFORBIDDEN,
	"This form is out of date or did not come from the dashboard. Go back, reload the page and try again.")

// checkForm refuses cross-origin posts and posts without the CSRF token,
// then parses the (size-capped) form.
func (s *Server) checkForm(w http.ResponseWriter, r *http.Request, want string) error {
	if err := s.cop.Check(r); err != nil {
		return errCSRF
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return sightline.Errorf(sightline.ETOOLARGE, "The form is too large.")
		}
		return sightline.Errorf(sightline.EINVALIDBODY, "The form could not be read.")
	}
	got := r.PostForm.Get(csrfField)
	if want == "" || subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
		return errCSRF
	}
	return nil
}

// loadSession resolves the session cookie. An unknown, expired or ended
// session is no error: the caller is signed out, and the cookie is cleared.
func (s *Server) loadSession(w http.ResponseWriter, r *http.Request) (*state, error) {
	st := &state{}
	c, err := r.Cookie(sessionCookie)
	if errors.Is(err, http.ErrNoCookie) || (err == nil && c.Value == "") {
		return st, nil
	}
	sess, err := s.Store.FindSession(r.Context(), sightline.HashSessionToken(c.Value), s.SessionIdle)
	if sightline.ErrorCode(err) == sightline.EUNAUTHORIZED {
		s.clearCookie(w, r, sessionCookie)
		return st, nil // an ended session means signed out, not an error
	} else if err != nil {
		return nil, err
	}
	st.sess, st.token, st.csrf = sess, c.Value, deriveToken(c.Value, "csrf")
	if org, ok := r.Context().Value(logOrgKey{}).(*logOrg); ok {
		org.orgID = sess.OrgID
	}
	return st, nil
}

// deriveToken derives a per-session secret from the session token: the
// CSRF token of its forms and the key that seals its flash messages. The
// store keeps only SHA-256 of the token, from which neither follows.
func deriveToken(token, purpose string) string {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte("sightline dashboard " + purpose))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func (s *Server) setCookie(w http.ResponseWriter, r *http.Request, name, value, path string, maxAge time.Duration) {
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: value, Path: path, MaxAge: int(maxAge.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r),
	})
}

func (s *Server) clearCookie(w http.ResponseWriter, r *http.Request, name string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r)})
}

// flash is a one-time message for the page after a form post (post,
// redirect, get). It may carry a new API key's secret, so it is sealed with
// AES-GCM under a key derived from the session token: it means nothing
// without the session cookie, and it is gone after the next page.
type flash struct {
	Error  bool   `json:"e,omitempty"`
	Msg    string `json:"m"`
	Secret string `json:"s,omitempty"` // a new API key, shown once
}

func sealer(token string) (cipher.AEAD, error) {
	key := hmac.New(sha256.New, []byte(token))
	key.Write([]byte("sightline dashboard flash"))
	block, err := aes.NewCipher(key.Sum(nil))
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// setFlash stores a message for the next page of this session.
func (s *Server) setFlash(w http.ResponseWriter, r *http.Request, st *state, f flash) {
	aead, err := sealer(st.token)
	if err != nil {
		s.Logger.Error("flash", "error", err.Error())
		return
	}
	plain, _ := json.Marshal(f)
	nonce := make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce) // crypto/rand.Read never fails (it aborts the program instead)
	sealed := aead.Seal(nonce, nonce, plain, []byte(flashCookie))
	s.setCookie(w, r, flashCookie, base64.RawURLEncoding.EncodeToString(sealed), "/", 2*time.Minute)
}

// takeFlash returns the pending message, if any, and clears it.
func (s *Server) takeFlash(w http.ResponseWriter, r *http.Request, st *state) *flash {
	c, err := r.Cookie(flashCookie)
	if err != nil {
		return nil
	}
	s.clearCookie(w, r, flashCookie)
	sealed, err := base64.RawURLEncoding.DecodeString(c.Value)
	aead, aerr := sealer(st.token)
	if err != nil || aerr != nil || len(sealed) < aead.NonceSize() {
		return nil
	}
	plain, err := aead.Open(nil, sealed[:aead.NonceSize()], sealed[aead.NonceSize():], []byte(flashCookie))
	if err != nil {
		return nil
	}
	var f flash
	if json.Unmarshal(plain, &f) != nil {
		return nil
	}
	return &f
}

// redirectFlash ends a form post: the message for the next page, then 303
// to it, so that a reload never posts twice.
func (s *Server) redirectFlash(w http.ResponseWriter, r *http.Request, st *state, to string, f flash) error {
	s.setFlash(w, r, st, f)
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

// errorFlash is the flash of a refused action: the message of the
// application error, exactly as the API words it.
func errorFlash(err error) (flash, error) {
	var appErr *sightline.Error
	if !errors.As(err, &appErr) || appErr.Code == sightline.EINTERNAL {
		return flash{}, err
	}
	return flash{Error: true, Msg: appErr.Message}, nil
}

// loginPage is the data of the sign-in page.
type loginPage struct {
	Layout
	Email     string
	Next      string
	SignedOut bool
	Error     string
}

// handleLoginForm serves GET /login. A signed-in visitor goes home.
func (s *Server) handleLoginForm(w http.ResponseWriter, r *http.Request, _ *state) error {
	st, err := s.loadSession(w, r)
	if err != nil {
		return err
	}
	if st.sess != nil {
		http.Redirect(w, r, safeNext(r.URL.Query().Get("next"), "/"), http.StatusSeeOther)
		return nil
	}
	p := &loginPage{Next: safeNext(r.URL.Query().Get("next"), ""), SignedOut: r.URL.Query().Get("signed_out") == "1"}
	return s.renderLogin(w, r, http.StatusOK, p)
}

// renderLogin renders the sign-in form with a fresh form token, set as a
// cookie too: the post must bring both (double-submit CSRF protection of a
// form that has no session yet).
func (s *Server) renderLogin(w http.ResponseWriter, r *http.Request, status int, p *loginPage) error {
	token, err := sightline.NewSessionToken()
	if err != nil {
		return err
	}
	s.setCookie(w, r, loginCookie, token, "/login", time.Hour)
	p.Layout = Layout{Title: "Sign in", CSRF: token}
	return s.render(w, r, status, "login", p)
}

// handleLogin serves POST /login: throttle, check the password, start a
// session. Every refusal re-renders the form with a message and a status:
// 403 without the form token, 422 without an email or password, 429 over
// the attempt limit (with Retry-After), 401 for a wrong email or password
// (the same answer, after the same work, for an unknown email).
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request, _ *state) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		return sightline.Errorf(sightline.EINVALIDBODY, "The form could not be read.")
	}
	p := &loginPage{Email: strings.TrimSpace(r.PostForm.Get("email")), Next: safeNext(r.PostForm.Get("next"), "")}
	c, err := r.Cookie(loginCookie)
	if s.cop.Check(r) != nil || err != nil || c.Value == "" ||
		subtle.ConstantTimeCompare([]byte(c.Value), []byte(r.PostForm.Get(csrfField))) != 1 {
		p.Error = "This sign-in form expired or did not come from this site. Please sign in again (the dashboard needs cookies)."
		return s.renderLogin(w, r, http.StatusForbidden, p)
	}
	email, pw := sightline.NormalizeEmail(p.Email), r.PostForm.Get("password")
	if email == "" || pw == "" {
		p.Error = "Enter your email address and your password."
		return s.renderLogin(w, r, http.StatusUnprocessableEntity, p)
	}
	emailKey := "email:" + email
	wait, err := s.Store.ThrottleSignIn(r.Context(), []sightline.ThrottleKey{
		{Key: emailKey, Limit: sightline.SignInEmailLimit},
		{Key: "addr:" + s.clientAddr(r), Limit: sightline.SignInAddressLimit},
	}, sightline.SignInWindow)
	if err != nil {
		return err
	}
	if wait > 0 {
		secs := int((wait + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		p.Error = fmt.Sprintf("Too many sign-in attempts for this account or from this network. Wait %d seconds, then try again.", secs)
		return s.renderLogin(w, r, http.StatusTooManyRequests, p)
	}
	user, ok, err := s.checkPassword(r, email, pw)
	if err != nil {
		return err
	}
	if !ok {
		p.Error = "Wrong email or password."
		return s.renderLogin(w, r, http.StatusUnauthorized, p)
	}
	if err := s.Store.ResetSignInThrottle(r.Context(), emailKey); err != nil {
		s.Logger.WarnContext(r.Context(), "reset sign-in throttle", "error", err.Error())
	}
	token, err := sightline.NewSessionToken()
	if err != nil {
		return err
	}
	if _, err := s.Store.CreateSession(r.Context(), user.ID, sightline.HashSessionToken(token), s.SessionLifetime); err != nil {
		return err
	}
	s.setCookie(w, r, sessionCookie, token, "/", s.SessionLifetime)
	http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: "", Path: "/login", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r)})
	s.Logger.InfoContext(r.Context(), "signed in", "user_id", user.ID, "org_id", user.OrgID)
	http.Redirect(w, r, safeNext(p.Next, "/"), http.StatusSeeOther)
	return nil
}

// checkPassword finds the user who signs in with email and checks pw,
// spending the same time when there is no such user. At most
// cap(hashSlots) checks run at once.
func (s *Server) checkPassword(r *http.Request, email, pw string) (*sightline.User, bool, error) {
	select {
	case s.hashSlots <- struct{}{}:
		defer func() { <-s.hashSlots }()
	case <-r.Context().Done():
		return nil, false, r.Context().Err()
	}
	user, hash, err := s.Store.FindSignInUser(r.Context(), email)
	if sightline.ErrorCode(err) == sightline.ENOTFOUND {
		password.VerifyNothing(pw)
		return nil, false, nil
	} else if err != nil {
		return nil, false, err
	}
	ok, err := password.Verify(pw, hash)
	if err != nil {
		s.Logger.ErrorContext(r.Context(), "stored password hash unreadable", "user_id", user.ID, "error", err.Error())
		return nil, false, nil
	}
	return user, ok, nil
}

// handleLogout serves POST /logout: the session ends in the database, so
// the cookie is worthless everywhere.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request, st *state) error {
	if err := s.Store.DeleteSession(r.Context(), sightline.HashSessionToken(st.token)); err != nil {
		return err
	}
	s.clearCookie(w, r, sessionCookie)
	s.clearCookie(w, r, flashCookie)
	http.Redirect(w, r, "/login?signed_out=1", http.StatusSeeOther)
	return nil
}

// safeNext accepts a local path to return to after sign-in, and nothing
// else (no other host, no scheme-relative URL).
func safeNext(next, def string) string {
	if next == "" || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, `/\`) {
		return def
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(u.Path, "/login") {
		return def
	}
	return u.RequestURI()
}
