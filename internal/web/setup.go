package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/collect"
	"github.com/sightline/sightline/internal/ingest"
)

// The set-up of a brand (docs/dashboard.md#set-up): the brand's names and
// domains, its competitors, its prompts and its collection, written
// through the store calls and Validate methods of the API's handlers, so
// that the page refuses what the API refuses, with the same messages,
// shown next to the field they name.

// setupPage is the data of a brand's set-up page.
type setupPage struct {
	Layout
	Domains, Aliases string // the brand's, one per line
	Competitors      []*sightline.Competitor
	Topics           []topicPrompts
	TopicOptions     []option
	PromptPager      pager
	Collection       *sightline.CollectionSettings
	Providers        []option // the providers collection can ask, checked when on
	Regions          string   // the collection regions, comma-separated
	Plan             []planRow
	PlanTotal        string // estimated cost of the whole plan, US dollars
	PlanNote         string // why no plan is shown
	CanCollectNow    bool
	Health           *healthCard // admins only
	// Form is the form that was refused, with its values and the problem
	// of each field.
	Form formState
}

// formState re-shows a refused form: which one (its id), its values, and
// the messages by field.
type formState struct {
	ID     string
	Values map[string]string
	Errors map[string][]string
}

// Err returns the messages of one field of the form id.
func (f formState) Err(id, field string) []string {
	if f.ID != id {
		return nil
	}
	return f.Errors[field]
}

// Val returns the re-shown value of one field of the form id, or def.
func (f formState) Val(id, field, def string) string {
	if f.ID != id {
		return def
	}
	if v, ok := f.Values[field]; ok {
		return v
	}
	return def
}

// topicPrompts is one topic's prompts (Name "" for prompts without topic).
type topicPrompts struct {
	Name    string
	Prompts []*sightline.Prompt
}

// planRow is one provider's line of the dry-run plan.
type planRow struct {
	Provider string
	Samples  int
	Cost     string
	Note     string
}

// indexRE finds the index and the rest of a field like prompts[2].text.
var indexRE = regexp.MustCompile(`^([a-z_]+)\[(\d+)\]\.?(.*)$`)

// fieldErrors sorts a validation error's messages by the form field they
// belong to: "prompts[2].text" is the text field, line 3; "domains[1]" the
// domains field, line 2. Messages without a field go under "".
func fieldErrors(err error) (map[string][]string, bool) {
	var e *sightline.Error
	if !errors.As(err, &e) || e.Code == sightline.EINTERNAL {
		return nil, false
	}
	out := map[string][]string{}
	if len(e.Details) == 0 {
		out[""] = append(out[""], e.Message)
		return out, true
	}
	for _, d := range e.Details {
		field, msg := "", d.Message
		if d.Field != nil {
			field = *d.Field
			if m := indexRE.FindStringSubmatch(field); m != nil {
				n, _ := strconv.Atoi(m[2])
				if m[3] != "" {
					field, _, _ = strings.Cut(m[3], "[") // regions[0] of prompts[2]: the regions field
				} else {
					field = m[1]
				}
				msg = "Line " + strconv.Itoa(n+1) + ": " + msg
			}
		}
		out[field] = append(out[field], msg)
	}
	return out, true
}

// lines splits a textarea into its non-empty lines, trimmed.
func lines(s string) []string {
	out := []string{}
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// list splits a comma- or space-separated field.
func list(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\r' || r == '\t' })
}

// handleSetup serves GET /brands/{brand_id}/setup.
func (s *Server) handleSetup(w http.ResponseWriter, r *http.Request, st *state) error {
	return s.renderSetup(w, r, st, http.StatusOK, formState{})
}

func (s *Server) renderSetup(w http.ResponseWriter, r *http.Request, st *state, status int, form formState) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	q := newQuery(r)
	page := q.page("page")
	if err := q.err(); err != nil {
		return err
	}
	ctx, org := r.Context(), st.sess.OrgID
	p := &setupPage{Layout: layout(st, brand.Name+" set-up", "setup", brand), Form: form,
		Domains: strings.Join(brand.Domains, "\n"), Aliases: strings.Join(brand.Aliases, "\n")}
	win := sightline.DefaultWindow(s.now(), sightline.DefaultWindowDays)
	comps, _, err := s.Store.FindCompetitors(ctx, org, sightline.CompetitorFilter{
		Scope: sightline.Scope{BrandID: brand.ID, Window: win}, PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize},
	})
	if err != nil {
		return err
	}
	p.Competitors = comps
	topics, _, err := s.Store.FindTopics(ctx, org, brand.ID, sightline.TopicFilter{
		Scope: sightline.Scope{BrandID: brand.ID, Window: win}, PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize},
	})
	if err != nil {
		return err
	}
	for _, t := range topics {
		p.TopicOptions = append(p.TopicOptions, option{Value: t.ID, Label: t.Name, Selected: form.Val("add-prompts", "topic_id", "") == t.ID})
	}
	pr := sightline.PageRequest{Page: page, PageSize: sightline.MaxPageSize}
	prompts, total, err := s.Store.FindPrompts(ctx, org, brand.ID, sightline.PromptFilter{PageRequest: pr})
	if err != nil {
		return err
	}
	p.PromptPager = newPager(newPageURL(r), "page", "Pages of prompts", sightline.NewPageMeta(pr, total))
	byTopic := map[string]int{}
	for _, pm := range prompts {
		name := ""
		if pm.TopicName != nil {
			name = *pm.TopicName
		}
		i, ok := byTopic[name]
		if !ok {
			i = len(p.Topics)
			byTopic[name] = i
			p.Topics = append(p.Topics, topicPrompts{Name: name})
		}
		p.Topics[i].Prompts = append(p.Topics[i].Prompts, pm)
	}
	settings, err := s.Store.FindCollectionSettings(ctx, org, brand.ID)
	if err != nil {
		return err
	}
	p.Collection = settings
	p.Regions = strings.Join(settings.Regions, ", ")
	for _, code := range sightline.CollectProviders {
		on := false
		for _, c := range settings.Providers {
			on = on || c == code
		}
		p.Providers = append(p.Providers, option{Value: code, Label: code, Selected: on})
	}
	s.fillPlan(ctx, brand.ID, p)
	if isAdmin(st) {
		if p.Health, err = s.healthCard(ctx, org, brand.ID); err != nil {
			return err
		}
	}
	return s.render(w, r, status, "setup", p)
}

// fillPlan shows what collection would ask now, priced, as `collect --once
// --dry-run --brand` prints it: the same planner, asking nothing.
func (s *Server) fillPlan(ctx context.Context, brandID string, p *setupPage) {
	if s.Collector == nil {
		p.PlanNote = "This server does not collect (no collector is configured), so it cannot plan."
		return
	}
	res, err := s.Collector.Once(ctx, collect.OnceOptions{BrandID: brandID, DryRun: true})
	if err != nil {
		s.Logger.ErrorContext(ctx, "collection dry run", "brand_id", brandID, "error", err.Error())
		p.PlanNote = "The plan could not be made; try again."
		return
	}
	var total int64
	for _, pl := range res.Plans {
		row := planRow{Provider: pl.Provider, Samples: len(pl.Samples), Cost: dollars(pl.EstimateMicros), Note: pl.Skip}
		if row.Note == "" {
			row.Note = pl.Warning
			total += pl.EstimateMicros
		}
		if pl.NoProviders {
			p.PlanNote = "No providers are chosen yet: tick them under Providers above and save the collection; this then shows what it would ask and cost."
			continue
		}
		if pl.Provider == "" {
			p.PlanNote = pl.Skip
			continue
		}
		p.Plan = append(p.Plan, row)
	}
	p.PlanTotal = dollars(total)
	p.CanCollectNow = s.Scheduler != nil
}

// dollars formats millionths of a US dollar.
func dollars(micros int64) string {
	return fmt.Sprintf("$%.4f", float64(micros)/1e6)
}

// refuseSetup re-shows the set-up page with the refused form, or answers
// an error page for an error that no field explains.
func (s *Server) refuseSetup(w http.ResponseWriter, r *http.Request, st *state, id string, values map[string]string, err error) error {
	errs, ok := fieldErrors(err)
	if !ok {
		return err
	}
	return s.renderSetup(w, r, st, statusOf(sightline.ErrorCode(err)), formState{ID: id, Values: values, Errors: errs})
}

func setupURL(brandID string) string { return "/brands/" + brandID + "/setup" }

// handleBrandCreate serves POST /brands: a new brand of the organization
// with its name and domains (POST /api/v2/brands).
func (s *Server) handleBrandCreate(w http.ResponseWriter, r *http.Request, st *state) error {
	name := strings.TrimSpace(r.PostForm.Get("name"))
	domains := r.PostForm.Get("domains")
	body := sightline.BrandInput{Name: &name}
	err := func() error {
		ds, err := ingest.NormalizeDomains("domains", lines(domains))
		if err != nil {
			return err
		}
		body.Domains = &ds
		return body.Validate(true)
	}()
	if err == nil {
		var b *sightline.Brand
		b, err = s.Store.CreateBrand(r.Context(), sightline.BrandCreate{OrgID: st.sess.OrgID, Name: *body.Name, Domains: *body.Domains})
		if err == nil {
			return s.redirectFlash(w, r, st, setupURL(b.ID), flash{Msg: fmt.Sprintf("Brand %q created. Add its competitors and prompts, then turn collection on.", b.Name)})
		}
	}
	errs, ok := fieldErrors(err)
	if !ok {
		return err
	}
	brands, total, ferr := s.Store.FindBrands(r.Context(), st.sess.OrgID, sightline.BrandFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize}})
	if ferr != nil {
		return ferr
	}
	return s.render(w, r, statusOf(sightline.ErrorCode(err)), "brands", &brandsPage{Layout: layout(st, "Brands", "brands", nil), Brands: brands, Total: total,
		Form: formState{ID: "create-brand", Values: map[string]string{"name": name, "domains": domains}, Errors: errs}})
}

// handleBrandUpdate serves POST /brands/{brand_id}/setup/brand: name,
// domains and aliases (PATCH /api/v2/brands/{brand_id}).
func (s *Server) handleBrandUpdate(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	name, domains, aliases := strings.TrimSpace(r.PostForm.Get("name")), r.PostForm.Get("domains"), r.PostForm.Get("aliases")
	values := map[string]string{"name": name, "domains": domains, "aliases": aliases}
	ds, err := ingest.NormalizeDomains("domains", lines(domains))
	if err != nil {
		return s.refuseSetup(w, r, st, "brand", values, err)
	}
	as := lines(aliases)
	if _, err := s.Store.UpdateBrand(r.Context(), st.sess.OrgID, brand.ID, sightline.BrandInput{Name: &name, Domains: &ds, Aliases: &as}); err != nil {
		return s.refuseSetup(w, r, st, "brand", values, err)
	}
	return s.redirectFlash(w, r, st, setupURL(brand.ID), flash{Msg: "Brand saved. Answers analyzed from now on use the new names."})
}

// handleCompetitorCreate serves POST /brands/{brand_id}/competitors (POST
// …/competitors).
func (s *Server) handleCompetitorCreate(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	name, domain, aliases := r.PostForm.Get("name"), strings.TrimSpace(r.PostForm.Get("domain")), r.PostForm.Get("aliases")
	values := map[string]string{"name": name, "domain": domain, "aliases": aliases}
	body := sightline.CompetitorInput{Name: &name, Aliases: lines(aliases)}
	if domain != "" {
		d, ok := ingest.NormalizeDomain(domain)
		if !ok {
			return s.refuseSetup(w, r, st, "add-competitor", values,
				sightline.FieldErr(sightline.EVALIDATION, "domain", "invalid", "domain must be a domain name such as example.com."))
		}
		body.Domain = d
	}
	in, err := body.Validate()
	if err != nil {
		return s.refuseSetup(w, r, st, "add-competitor", values, err)
	}
	scope := sightline.Scope{BrandID: brand.ID, Window: sightline.DefaultWindow(s.now(), sightline.DefaultWindowDays)}
	c, err := s.Store.CreateCompetitor(r.Context(), st.sess.OrgID, brand.ID, in, scope)
	if err != nil {
		return s.refuseSetup(w, r, st, "add-competitor", values, err)
	}
	return s.redirectFlash(w, r, st, setupURL(brand.ID), flash{Msg: fmt.Sprintf("Now tracking %q.", c.Name)})
}

// handleCompetitorDelete serves POST …/competitors/{competitor_id}/delete:
// stop tracking it; its past mentions stay, as an untracked brand's.
func (s *Server) handleCompetitorDelete(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	id, err := pathID(r, "competitor_id", "Competitor")
	if err != nil {
		return err
	}
	if err := s.Store.DeleteCompetitor(r.Context(), st.sess.OrgID, brand.ID, id); err != nil {
		return err
	}
	return s.redirectFlash(w, r, st, setupURL(brand.ID), flash{Msg: "Competitor no longer tracked; the answers that named it keep its mentions."})
}

// handlePromptsCreate serves POST /brands/{brand_id}/prompts: one prompt a
// line, in one topic, with optional regions (POST …/prompts).
func (s *Server) handlePromptsCreate(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	texts, topic, regions := r.PostForm.Get("texts"), strings.TrimSpace(r.PostForm.Get("topic_id")), r.PostForm.Get("regions")
	values := map[string]string{"texts": texts, "topic_id": topic, "regions": regions}
	body := sightline.PromptsCreate{Prompts: []sightline.PromptCreate{}}
	for _, t := range lines(texts) {
		body.Prompts = append(body.Prompts, sightline.PromptCreate{Text: t, TopicID: topic, Regions: list(regions)})
	}
	if err := body.Validate(); err != nil {
		errs, ok := fieldErrors(err)
		if !ok {
			return err
		}
		// the regions are the same on every line: say it once
		if rs := errs["regions"]; len(rs) > 0 {
			errs["regions"] = rs[:1]
		}
		if ps := errs["prompts"]; len(ps) > 0 {
			errs["texts"], errs["prompts"] = append(errs["texts"], ps...), nil
		}
		errs["texts"] = append(errs["texts"], errs["text"]...)
		delete(errs, "text")
		return s.renderSetup(w, r, st, http.StatusUnprocessableEntity, formState{ID: "add-prompts", Values: values, Errors: errs})
	}
	ps, err := s.Store.CreatePrompts(r.Context(), st.sess.OrgID, brand.ID, body.Prompts)
	if err != nil {
		return s.refuseSetup(w, r, st, "add-prompts", values, err)
	}
	return s.redirectFlash(w, r, st, setupURL(brand.ID), flash{Msg: fmt.Sprintf("%d prompts saved.", len(ps))})
}

// handlePromptUpdate serves POST /brands/{brand_id}/prompts/{prompt_id}:
// its text and regions (PATCH …/prompts/{prompt_id}).
func (s *Server) handlePromptUpdate(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	id, err := pathID(r, "prompt_id", "Prompt")
	if err != nil {
		return err
	}
	text, regions := r.PostForm.Get("text"), r.PostForm.Get("regions")
	rs := list(regions)
	upd := sightline.PromptUpdate{Text: &text, Regions: &rs}
	if _, err := s.Store.UpdatePrompt(r.Context(), st.sess.OrgID, brand.ID, id, upd); err != nil {
		return s.refuseSetup(w, r, st, "prompt-"+id, map[string]string{"text": text, "regions": regions}, err)
	}
	return s.redirectFlash(w, r, st, setupURL(brand.ID), flash{Msg: "Prompt saved."})
}

// handlePromptDeactivate serves POST …/prompts/{prompt_id}/deactivate:
// the prompt is no longer asked; its runs stay (DELETE …/prompts/{id}).
func (s *Server) handlePromptDeactivate(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	id, err := pathID(r, "prompt_id", "Prompt")
	if err != nil {
		return err
	}
	off := false
	if _, err := s.Store.UpdatePrompt(r.Context(), st.sess.OrgID, brand.ID, id, sightline.PromptUpdate{Active: &off}); err != nil {
		return err
	}
	return s.redirectFlash(w, r, st, setupURL(brand.ID), flash{Msg: "Prompt deactivated: it is no longer asked; its answers stay."})
}

// handleCollectionUpdate serves POST /brands/{brand_id}/collection:
// providers, regions, cadence, samples and on/off (PATCH …/collection).
func (s *Server) handleCollectionUpdate(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	f := r.PostForm
	values := map[string]string{"regions": f.Get("regions"), "cadence_hours": f.Get("cadence_hours"), "samples": f.Get("samples")}
	providers := f["providers"]
	if providers == nil {
		providers = []string{}
	}
	regions := list(f.Get("regions"))
	upd := sightline.CollectionUpdate{Providers: &providers, Regions: &regions}
	var v sightline.ValidationErrors
	for _, k := range []string{"cadence_hours", "samples"} {
		n, err := strconv.Atoi(strings.TrimSpace(f.Get(k)))
		if err != nil {
			v.Add(k, "invalid", "%s must be a whole number.", k)
			continue
		}
		if k == "cadence_hours" {
			upd.CadenceHours = &n
		} else {
			upd.Samples = &n
		}
	}
	on := f.Get("enabled") == "on"
	upd.Enabled = &on
	if v != nil {
		// the other fields' problems too, by the rules the store applies
		if _, err := upd.Apply(sightline.DefaultCollectionSettings()); err != nil {
			var e *sightline.Error
			if errors.As(err, &e) {
				v = append(v, e.Details...)
			}
		}
		return s.refuseSetup(w, r, st, "collection", values, v.Err())
	}
	c, err := s.Store.UpdateCollectionSettings(r.Context(), st.sess.OrgID, brand.ID, upd)
	if err != nil {
		return s.refuseSetup(w, r, st, "collection", values, err)
	}
	msg := "Collection settings saved; collection is off."
	if c.Enabled {
		msg = "Collection settings saved; collection is on: the scheduler asks the due samples at each slot."
	}
	return s.redirectFlash(w, r, st, setupURL(brand.ID), flash{Msg: msg})
}

// handleCollectNow serves POST /brands/{brand_id}/collection/collect:
// queue the brand's due samples now, as `collect --once --brand` collects
// them, for this process's workers (or any replica's) to ask.
func (s *Server) handleCollectNow(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	if s.Scheduler == nil {
		return sightline.Errorf(sightline.EUNAVAILABLE, "This server does not collect: start it with a master key (docs/collect.md).")
	}
	n, err := s.Scheduler.QueueBrand(r.Context(), brand.ID)
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("%d collection jobs queued; the answers appear on the answers page as they come.", n)
	if n == 0 {
		msg = "Nothing was queued: no sample is due now, or no provider has a key (see the plan)."
	}
	return s.redirectFlash(w, r, st, setupURL(brand.ID), flash{Msg: msg, Error: n == 0})
}
