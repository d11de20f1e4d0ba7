package web

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/password"
)

// inviteCookie is the invitation form's CSRF token (double submit, as the
// sign-in form: the invitee has no session yet).
const inviteCookie = "sightline_invite"

// maxListedInvitations bounds the invitations the users page lists.
const maxListedInvitations = 100

// usersPage is the data of the users page (admins only).
type usersPage struct {
	Layout
	Users       []userRow
	Invitations []invitationRow
	Roles       []string
	InviteLink  string // the link just made, shown once
	// The invitation form, re-shown with its values and the problem.
	Email, Role, Error string
}

type userRow struct {
	*sightline.User
	Status string // active, disabled, no sign-in
	You    bool
}

type invitationRow struct {
	*sightline.Invitation
	Status string
}

// handleUsers serves GET /users.
func (s *Server) handleUsers(w http.ResponseWriter, r *http.Request, st *state) error {
	p := &usersPage{Role: sightline.RoleMember}
	if st.flash != nil && st.flash.Secret != "" {
		p.InviteLink = st.flash.Secret
	}
	return s.renderUsers(w, r, st, http.StatusOK, p)
}

func (s *Server) renderUsers(w http.ResponseWriter, r *http.Request, st *state, status int, p *usersPage) error {
	users, err := s.Store.FindUsers(r.Context(), st.sess.OrgID)
	if err != nil {
		return err
	}
	invs, err := s.Store.FindInvitations(r.Context(), st.sess.OrgID, maxListedInvitations)
	if err != nil {
		return err
	}
	now := s.now()
	p.Layout = layout(st, "Users", "users", nil)
	p.Roles = sightline.Roles
	for _, u := range users {
		row := userRow{User: u, Status: "active", You: u.ID == st.sess.UserID}
		switch {
		case u.DisabledAt != nil:
			row.Status = "disabled"
		case !u.HasPassword:
			row.Status = "no sign-in"
		}
		p.Users = append(p.Users, row)
	}
	for _, in := range invs {
		p.Invitations = append(p.Invitations, invitationRow{Invitation: in, Status: in.Status(now)})
	}
	return s.render(w, r, status, "users", p)
}

// handleInvite serves POST /users/invite: a single-use link valid for
// sightline.InvitationLifetime, shown once in the next page for the admin
// to copy (no mail server needed). The store keeps only its digest.
func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request, st *state) error {
	email := strings.TrimSpace(r.PostForm.Get("email"))
	role := strings.TrimSpace(r.PostForm.Get("role"))
	token, err := sightline.NewSessionToken()
	if err != nil {
		return err
	}
	in, err := s.Store.CreateInvitation(r.Context(), sightline.InvitationCreate{
		OrgID: st.sess.OrgID, Email: email, Role: role, InvitedBy: st.sess.UserID, Digest: sightline.HashSessionToken(token)})
	if code := sightline.ErrorCode(err); code == sightline.EVALIDATION || code == sightline.ECONFLICT {
		return s.renderUsers(w, r, st, statusOf(code), &usersPage{Email: email, Role: role, Error: sentence(sightline.ErrorMessage(err))})
	} else if err != nil {
		return err
	}
	scheme := "http"
	if s.secure(r) {
		scheme = "https"
	}
	link := scheme + "://" + r.Host + "/invite/" + token
	s.Logger.InfoContext(r.Context(), "user invited", "invitation_id", in.ID, "org_id", in.OrgID, "role", in.Role, "user_id", st.sess.UserID)
	return s.redirectFlash(w, r, st, "/users", flash{
		Msg:    fmt.Sprintf("Invitation for %s (%s) created. Copy the link below and send it to them: it works once, until %s.", in.Email, in.Role, in.ExpiresAt.UTC().Format("2 Jan 2006 15:04 UTC")),
		Secret: link,
	})
}

// sentence capitalizes a store message and ends it with a full stop.
func sentence(msg string) string {
	if msg == "" {
		return msg
	}
	msg = strings.ToUpper(msg[:1]) + msg[1:]
	if !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	return msg
}

// handleInvitationRevoke serves POST /users/invitations/{id}/revoke.
func (s *Server) handleInvitationRevoke(w http.ResponseWriter, r *http.Request, st *state) error {
	id, err := pathID(r, "id", "Invitation")
	if err != nil {
		return err
	}
	if err := s.Store.RevokeInvitation(r.Context(), st.sess.OrgID, id); err != nil {
		return err
	}
	return s.redirectFlash(w, r, st, "/users", flash{Msg: "Invitation revoked: its link no longer works."})
}

// handleUserRole serves POST /users/{user_id}/role. The new role applies
// on the user's next request (sessions read the role from the database).
func (s *Server) handleUserRole(w http.ResponseWriter, r *http.Request, st *state) error {
	id, err := pathID(r, "user_id", "User")
	if err != nil {
		return err
	}
	u, err := s.Store.SetUserRole(r.Context(), st.sess.OrgID, id, r.PostForm.Get("role"))
	if err != nil {
		f, err := errorFlash(err)
		if err != nil {
			return err
		}
		return s.redirectFlash(w, r, st, "/users", f)
	}
	s.Logger.InfoContext(r.Context(), "user role changed", "target_user_id", u.ID, "role", u.Role, "org_id", u.OrgID, "user_id", st.sess.UserID)
	return s.redirectFlash(w, r, st, "/users", flash{Msg: fmt.Sprintf("%s is now %s.", u.Email, article(u.Role))})
}

func article(role string) string {
	if role == sightline.RoleAdmin {
		return "an admin"
	}
	return "a member"
}

// handleUserDisable serves POST /users/{user_id}/disable: the user can no
// longer sign in, and every session of the user ends at once.
func (s *Server) handleUserDisable(w http.ResponseWriter, r *http.Request, st *state) error {
	id, err := pathID(r, "user_id", "User")
	if err != nil {
		return err
	}
	u, err := s.Store.DisableOrgUser(r.Context(), st.sess.OrgID, id)
	if err != nil {
		f, err := errorFlash(err)
		if err != nil {
			return err
		}
		return s.redirectFlash(w, r, st, "/users", f)
	}
	s.Logger.InfoContext(r.Context(), "user disabled", "target_user_id", u.ID, "org_id", u.OrgID, "user_id", st.sess.UserID)
	if u.ID == st.sess.UserID {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return nil
	}
	return s.redirectFlash(w, r, st, "/users", flash{Msg: fmt.Sprintf("%s is disabled and signed out everywhere.", u.Email)})
}

// handleUserSessionsEnd serves POST /users/{user_id}/sessions/end.
func (s *Server) handleUserSessionsEnd(w http.ResponseWriter, r *http.Request, st *state) error {
	id, err := pathID(r, "user_id", "User")
	if err != nil {
		return err
	}
	n, err := s.Store.EndUserSessions(r.Context(), st.sess.OrgID, id)
	if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "user sessions ended", "target_user_id", id, "sessions", n, "org_id", st.sess.OrgID, "user_id", st.sess.UserID)
	if id == st.sess.UserID {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return nil
	}
	return s.redirectFlash(w, r, st, "/users", flash{Msg: fmt.Sprintf("%d session(s) ended: the user must sign in again.", n)})
}

// invitePage is the data of the invitation page.
type invitePage struct {
	Layout
	Invitation *sightline.Invitation
	Token      string
	Name       string
	Error      string
	MinLength  int
}

// inviteToken reads the link's token and finds its pending invitation; a
// used, revoked, expired or unknown link gets one 404 page.
func (s *Server) inviteToken(r *http.Request) (string, *sightline.Invitation, error) {
	token := r.PathValue("token")
	if len(token) != 43 {
		return "", nil, errBadInvitation
	}
	in, err := s.Store.FindInvitation(r.Context(), sightline.HashSessionToken(token))
	if sightline.ErrorCode(err) == sightline.ENOTFOUND {
		return "", nil, errBadInvitation
	}
	return token, in, err
}

var errBadInvitation = sightline.Errorf(sightline.ENOTFOUND,
	"This invitation link does not work: it was used already, revoked, or is older than 7 days. Ask an admin for a new one.")

// handleInvitationForm serves GET /invite/{token}: the invitee chooses a
// password.
func (s *Server) handleInvitationForm(w http.ResponseWriter, r *http.Request, _ *state) error {
	token, in, err := s.inviteToken(r)
	if err != nil {
		return err
	}
	return s.renderInvite(w, r, http.StatusOK, &invitePage{Invitation: in, Token: token})
}

func (s *Server) renderInvite(w http.ResponseWriter, r *http.Request, status int, p *invitePage) error {
	csrf, err := sightline.NewSessionToken()
	if err != nil {
		return err
	}
	s.setCookie(w, r, inviteCookie, csrf, "/invite/", time.Hour)
	p.Layout = Layout{Title: "Join " + p.Invitation.OrgName, CSRF: csrf}
	p.MinLength = sightline.MinPasswordLength
	return s.render(w, r, status, "invite", p)
}

// handleInvitationAccept serves POST /invite/{token}: the password is
// checked and hashed, the invitation used and the user created in one
// transaction, and the invitee signed in.
func (s *Server) handleInvitationAccept(w http.ResponseWriter, r *http.Request, _ *state) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		return sightline.Errorf(sightline.EINVALIDBODY, "The form could not be read.")
	}
	token, in, err := s.inviteToken(r)
	if err != nil {
		return err
	}
	p := &invitePage{Invitation: in, Token: token, Name: strings.TrimSpace(r.PostForm.Get("name"))}
	c, cerr := r.Cookie(inviteCookie)
	if s.cop.Check(r) != nil || cerr != nil || c.Value == "" ||
		subtle.ConstantTimeCompare([]byte(c.Value), []byte(r.PostForm.Get(csrfField))) != 1 {
		p.Error = "This form expired or did not come from this site. Please try again (the dashboard needs cookies)."
		return s.renderInvite(w, r, http.StatusForbidden, p)
	}
	pw := r.PostForm.Get("password")
	if err := sightline.CheckPassword(pw); err != nil {
		p.Error = sentence(sightline.ErrorMessage(err))
		return s.renderInvite(w, r, http.StatusUnprocessableEntity, p)
	}
	if pw != r.PostForm.Get("password_again") {
		p.Error = "The two passwords differ."
		return s.renderInvite(w, r, http.StatusUnprocessableEntity, p)
	}
	hash, err := s.hashPassword(r, pw)
	if err != nil {
		return err
	}
	user, err := s.Store.AcceptInvitation(r.Context(), sightline.HashSessionToken(token), p.Name, hash)
	if sightline.ErrorCode(err) == sightline.ENOTFOUND {
		return errBadInvitation
	} else if sightline.ErrorCode(err) == sightline.ECONFLICT || sightline.ErrorCode(err) == sightline.EVALIDATION {
		p.Error = sentence(sightline.ErrorMessage(err))
		return s.renderInvite(w, r, statusOf(sightline.ErrorCode(err)), p)
	} else if err != nil {
		return err
	}
	session, err := sightline.NewSessionToken()
	if err != nil {
		return err
	}
	if _, err := s.Store.CreateSession(r.Context(), user.ID, sightline.HashSessionToken(session), s.SessionLifetime); err != nil {
		return err
	}
	s.setCookie(w, r, sessionCookie, session, "/", s.SessionLifetime)
	http.SetCookie(w, &http.Cookie{Name: inviteCookie, Value: "", Path: "/invite/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r)})
	s.Logger.InfoContext(r.Context(), "invitation accepted", "invitation_id", in.ID, "user_id", user.ID, "org_id", user.OrgID, "role", user.Role)
	http.Redirect(w, r, "/", http.StatusSeeOther)
	return nil
}

// hashPassword hashes pw in one of the slots that bound the password work
// running at once.
func (s *Server) hashPassword(r *http.Request, pw string) (string, error) {
	select {
	case s.hashSlots <- struct{}{}:
		defer func() { <-s.hashSlots }()
	case <-r.Context().Done():
		return "", r.Context().Err()
	}
	return password.Hash(pw)
}

// logPath is the path a log line may name: an invitation link's token is
// a secret, so its path is logged without it.
func logPath(r *http.Request) string {
	if strings.HasPrefix(r.URL.Path, "/invite/") {
		return "/invite/…"
	}
	return r.URL.Path
}
