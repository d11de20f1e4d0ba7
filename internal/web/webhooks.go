package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/sightline/sightline"
)

// Page sizes of the webhooks pages: every endpoint fits one page (an
// organization has few), deliveries are paged.
const (
	webhooksPageSize   = 100
	deliveriesPageSize = 20
)

// webhooksPage is the data of the webhooks list (admins only).
type webhooksPage struct {
	Layout
	Webhooks   []*sightline.Webhook
	Total      int
	EventTypes []string
	NoKey      bool   // no master key: endpoints cannot be created
	NewSecret  string // the signing secret just made, shown once
	// The create form, re-shown with its values and the problem.
	URL, Description string
	Checked          map[string]bool
	Error            string
	Details          []sightline.FieldError
}

// handleWebhooks serves GET /webhooks.
func (s *Server) handleWebhooks(w http.ResponseWriter, r *http.Request, st *state) error {
	p := &webhooksPage{}
	if st.flash != nil && st.flash.Secret != "" {
		p.NewSecret = st.flash.Secret
	}
	return s.renderWebhooks(w, r, st, http.StatusOK, p)
}

func (s *Server) renderWebhooks(w http.ResponseWriter, r *http.Request, st *state, status int, p *webhooksPage) error {
	list, total, err := s.Store.FindWebhooks(r.Context(), st.sess.OrgID, sightline.PageRequest{Page: 1, PageSize: webhooksPageSize})
	if err != nil {
		return err
	}
	p.Layout = layout(st, "Webhooks", "webhooks", nil)
	p.Webhooks, p.Total, p.EventTypes, p.NoKey = list, total, sightline.WebhookEventTypes, s.Webhooks.Secrets == nil
	if p.Checked == nil {
		p.Checked = map[string]bool{}
	}
	return s.render(w, r, status, "webhooks", p)
}

// errNoMasterKey is the API's refusal, worded for the page.
var errNoMasterKey = sightline.Errorf(sightline.ECONFLICT,
	"This server has no master key (SIGHTLINE_SECRET_KEY), so it cannot keep webhook signing secrets; ask its operator to set one (docs/webhooks.md).")

// formEventTypes reads the checked event types of a form.
func formEventTypes(r *http.Request) []string {
	return r.PostForm["event_types"]
}

// refusal turns a validation error into the form's message and fields.
func refusal(err error) (string, []sightline.FieldError) {
	var details []sightline.FieldError
	if e, ok := err.(*sightline.Error); ok {
		details = e.Details
	}
	return sentence(sightline.ErrorMessage(err)), details
}

// handleWebhookCreate serves POST /webhooks: the same validation as POST
// /api/v2/webhooks; the signing secret goes to the next page in the
// sealed flash and is shown once.
func (s *Server) handleWebhookCreate(w http.ResponseWriter, r *http.Request, st *state) error {
	url := strings.TrimSpace(r.PostForm.Get("url"))
	desc := r.PostForm.Get("description")
	types := formEventTypes(r)
	in := sightline.WebhookInput{URL: &url, EventTypes: &types, Description: &desc}
	checked := map[string]bool{}
	for _, t := range types {
		checked[t] = true
	}
	if err := in.Validate(true, s.Webhooks.AllowInsecure); err != nil {
		msg, details := refusal(err)
		return s.renderWebhooks(w, r, st, http.StatusUnprocessableEntity, &webhooksPage{URL: url, Description: desc, Checked: checked, Error: msg, Details: details})
	}
	if s.Webhooks.Secrets == nil {
		return errNoMasterKey
	}
	var plain string
	c := sightline.WebhookCreate{OrgID: st.sess.OrgID, URL: *in.URL, EventTypes: *in.EventTypes, Description: *in.Description, Enabled: true,
		Seal: func(id string) (*sightline.SealedSecret, error) {
			p, sealed, err := s.Webhooks.Secrets.New(st.sess.OrgID, id)
			plain = p
			return sealed, err
		}}
	hook, err := s.Store.CreateWebhook(r.Context(), c)
	if sightline.ErrorCode(err) == sightline.ECONFLICT {
		msg, details := refusal(err)
		return s.renderWebhooks(w, r, st, http.StatusConflict, &webhooksPage{URL: url, Description: desc, Checked: checked, Error: msg, Details: details})
	} else if err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "webhook created", "webhook_id", hook.ID, "org_id", st.sess.OrgID, "user_id", st.sess.UserID)
	return s.redirectFlash(w, r, st, "/webhooks/"+hook.ID, flash{
		Msg: fmt.Sprintf("Webhook created for %s. Copy its signing secret now: it will not be shown again.", hook.URL), Secret: plain})
}

// webhookPage is the data of one endpoint's page.
type webhookPage struct {
	Layout
	Webhook    *sightline.Webhook
	Deliveries []*sightline.WebhookDelivery
	Meta       sightline.PageMeta
	PrevURL    string
	NextURL    string
	EventTypes []string
	Checked    map[string]bool
	NoKey      bool
	NewSecret  string
}

// handleWebhook serves GET /webhooks/{id}: the endpoint, its controls and
// its deliveries, newest first, each with every attempt.
func (s *Server) handleWebhook(w http.ResponseWriter, r *http.Request, st *state) error {
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	page := 1
	if v := r.URL.Query().Get("page"); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 || page > 100000 {
			return sightline.FieldErr(sightline.EINVALIDPARAM, "page", "invalid", "page must be a whole number from 1 to 100000.")
		}
	}
	hook, err := s.Store.FindWebhook(r.Context(), st.sess.OrgID, id)
	if err != nil {
		return err
	}
	pr := sightline.PageRequest{Page: page, PageSize: deliveriesPageSize}
	list, total, err := s.Store.FindWebhookDeliveries(r.Context(), st.sess.OrgID, id, sightline.DeliveryFilter{PageRequest: pr})
	if err != nil {
		return err
	}
	p := &webhookPage{Layout: layout(st, "Webhook", "webhooks", nil), Webhook: hook, Deliveries: list,
		Meta: sightline.NewPageMeta(pr, total), EventTypes: sightline.WebhookEventTypes, Checked: map[string]bool{},
		NoKey: s.Webhooks.Secrets == nil}
	for _, t := range hook.EventTypes {
		p.Checked[t] = true
	}
	if page > 1 {
		p.PrevURL = fmt.Sprintf("/webhooks/%s?page=%d", id, page-1)
	}
	if page < p.Meta.TotalPages {
		p.NextURL = fmt.Sprintf("/webhooks/%s?page=%d", id, page+1)
	}
	if st.flash != nil && st.flash.Secret != "" {
		p.NewSecret = st.flash.Secret
	}
	return s.render(w, r, http.StatusOK, "webhook", p)
}

// updateWebhook applies a PATCH-like input as PATCH /api/v2/webhooks/{id}
// does, and comes back to the endpoint's page with the outcome.
func (s *Server) updateWebhook(w http.ResponseWriter, r *http.Request, st *state, in sightline.WebhookInput, done string) error {
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	back := "/webhooks/" + id
	if err := in.Validate(false, s.Webhooks.AllowInsecure); err != nil {
		f, err := errorFlash(err)
		if err != nil {
			return err
		}
		return s.redirectFlash(w, r, st, back, f)
	}
	if _, err := s.Store.UpdateWebhook(r.Context(), st.sess.OrgID, id, in); err != nil {
		f, ferr := errorFlash(err)
		if ferr != nil || sightline.ErrorCode(err) == sightline.ENOTFOUND {
			return err
		}
		return s.redirectFlash(w, r, st, back, f)
	}
	s.Logger.InfoContext(r.Context(), "webhook updated", "webhook_id", id, "org_id", st.sess.OrgID, "user_id", st.sess.UserID)
	return s.redirectFlash(w, r, st, back, flash{Msg: done})
}

// handleWebhookEvents serves POST /webhooks/{id}/events.
func (s *Server) handleWebhookEvents(w http.ResponseWriter, r *http.Request, st *state) error {
	types := formEventTypes(r)
	return s.updateWebhook(w, r, st, sightline.WebhookInput{EventTypes: &types}, "Event types saved.")
}

// handleWebhookEnabled serves POST /webhooks/{id}/enabled (enabled=true
// or false).
func (s *Server) handleWebhookEnabled(w http.ResponseWriter, r *http.Request, st *state) error {
	v := r.PostForm.Get("enabled")
	if v != "true" && v != "false" {
		return sightline.FieldErr(sightline.EVALIDATION, "enabled", "invalid", "enabled must be true or false.")
	}
	on := v == "true"
	msg := "Webhook disabled: nothing is sent to it, and its pending deliveries failed."
	if on {
		msg = "Webhook enabled."
	}
	return s.updateWebhook(w, r, st, sightline.WebhookInput{Enabled: &on}, msg)
}

// handleWebhookRotate serves POST /webhooks/{id}/rotate: a new secret,
// shown once; the previous one keeps signing for 24 hours.
func (s *Server) handleWebhookRotate(w http.ResponseWriter, r *http.Request, st *state) error {
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	if _, err := s.Store.FindWebhook(r.Context(), st.sess.OrgID, id); err != nil {
		return err
	}
	if s.Webhooks.Secrets == nil {
		return errNoMasterKey
	}
	var plain string
	seal := func(wid string) (*sightline.SealedSecret, error) {
		p, sealed, err := s.Webhooks.Secrets.New(st.sess.OrgID, wid)
		plain = p
		return sealed, err
	}
	if _, err := s.Store.RotateWebhookSecret(r.Context(), st.sess.OrgID, id, seal, sightline.WebhookSecretOverlap); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "webhook secret rotated", "webhook_id", id, "org_id", st.sess.OrgID, "user_id", st.sess.UserID)
	return s.redirectFlash(w, r, st, "/webhooks/"+id, flash{
		Msg: "New signing secret made. The previous one keeps signing for 24 hours, so switch your receiver to the new one before then.", Secret: plain})
}

// handleWebhookTest serves POST /webhooks/{id}/test: a ping is queued, as
// POST /api/v2/webhooks/{id}/test does; its delivery shows the outcome.
func (s *Server) handleWebhookTest(w http.ResponseWriter, r *http.Request, st *state) error {
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	if _, err := s.Store.PingWebhook(r.Context(), st.sess.OrgID, id); err != nil {
		f, ferr := errorFlash(err)
		if ferr != nil || sightline.ErrorCode(err) == sightline.ENOTFOUND {
			return err
		}
		return s.redirectFlash(w, r, st, "/webhooks/"+id, f)
	}
	if s.Webhooks.Wake != nil {
		s.Webhooks.Wake()
	}
	return s.redirectFlash(w, r, st, "/webhooks/"+id, flash{Msg: "Test event (ping) queued: reload this page to see its delivery."})
}

// handleWebhookDelete serves POST /webhooks/{id}/delete.
func (s *Server) handleWebhookDelete(w http.ResponseWriter, r *http.Request, st *state) error {
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	if err := s.Store.DeleteWebhook(r.Context(), st.sess.OrgID, id); err != nil {
		return err
	}
	s.Logger.InfoContext(r.Context(), "webhook deleted", "webhook_id", id, "org_id", st.sess.OrgID, "user_id", st.sess.UserID)
	return s.redirectFlash(w, r, st, "/webhooks", flash{Msg: "Webhook deleted with its deliveries."})
}
