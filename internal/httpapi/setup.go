package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// The self-service set-up of a brand: the brand itself, its competitors,
// its prompts and what collection asks (docs/collect.md).

// brandAndID resolves {brand_id} and one resource id of the path, for the
// endpoints that read no query parameters.
func (s *Server) brandAndID(r *http.Request, name, kind string) (*sightline.Brand, string, error) {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return nil, "", err
	}
	id, err := pathID(r, name, kind)
	return brand, id, err
}

// handleBrandCreate serves POST /api/v2/brands: a brand of the key's
// organization.
func (s *Server) handleBrandCreate(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	p := sightline.PrincipalFromContext(r.Context())
	var body sightline.BrandInput
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	if body.Domains != nil {
		ds, err := ingest.NormalizeDomains("domains", *body.Domains)
		if err != nil {
			return err
		}
		body.Domains = &ds
	}
	if err := body.Validate(true); err != nil {
		return err
	}
	in := sightline.BrandCreate{OrgID: p.OrgID, Name: *body.Name}
	if body.Domains != nil {
		in.Domains = *body.Domains
	}
	if body.Aliases != nil {
		in.Aliases = *body.Aliases
	}
	b, err := s.Store.CreateBrand(r.Context(), in)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusCreated, b)
}

// handleBrandGet serves GET /api/v2/brands/{brand_id}.
func (s *Server) handleBrandGet(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, brand)
}

// handleBrandUpdate serves PATCH /api/v2/brands/{brand_id}.
func (s *Server) handleBrandUpdate(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	var body sightline.BrandInput
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	if body.Domains != nil {
		ds, err := ingest.NormalizeDomains("domains", *body.Domains)
		if err != nil {
			return err
		}
		body.Domains = &ds
	}
	b, err := s.Store.UpdateBrand(r.Context(), brand.OrgID, brand.ID, body)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, b)
}

// handleCompetitorCreate serves POST …/competitors: start tracking one.
func (s *Server) handleCompetitorCreate(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	var body sightline.CompetitorInput
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	if body.Domain != "" {
		d, ok := ingest.NormalizeDomain(body.Domain)
		if !ok {
			return sightline.FieldErr(sightline.EVALIDATION, "domain", "invalid", "domain must be a domain name such as example.com.")
		}
		body.Domain = d
	}
	in, err := body.Validate()
	if err != nil {
		return err
	}
	scope := sightline.Scope{BrandID: brand.ID, Window: sightline.DefaultWindow(s.now(), sightline.DefaultWindowDays)}
	c, err := s.Store.CreateCompetitor(r.Context(), brand.OrgID, brand.ID, in, scope)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusCreated, c)
}

// handleCompetitorDelete serves DELETE …/competitors/{competitor_id}: stop
// tracking it; its past mentions stay, as an untracked brand's.
func (s *Server) handleCompetitorDelete(w http.ResponseWriter, r *http.Request) error {
	brand, id, err := s.brandAndID(r, "competitor_id", "Competitor")
	if err != nil {
		return err
	}
	if err := s.Store.DeleteCompetitor(r.Context(), brand.OrgID, brand.ID, id); err != nil {
		return err
	}
	return writeEmpty(w)
}

// handlePromptCreate serves POST …/prompts: bulk creation.
func (s *Server) handlePromptCreate(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	var body sightline.PromptsCreate
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	if err := body.Validate(); err != nil {
		return err
	}
	ps, err := s.Store.CreatePrompts(r.Context(), brand.OrgID, brand.ID, body.Prompts)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusCreated, ps)
}

// handlePromptUpdate serves PATCH …/prompts/{prompt_id}.
func (s *Server) handlePromptUpdate(w http.ResponseWriter, r *http.Request) error {
	brand, id, err := s.brandAndID(r, "prompt_id", "Prompt")
	if err != nil {
		return err
	}
	var body sightline.PromptUpdate
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	p, err := s.Store.UpdatePrompt(r.Context(), brand.OrgID, brand.ID, id, body)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, p)
}

// handlePromptDelete serves DELETE …/prompts/{prompt_id}: the prompt is
// deactivated (no longer asked); its runs stay.
func (s *Server) handlePromptDelete(w http.ResponseWriter, r *http.Request) error {
	brand, id, err := s.brandAndID(r, "prompt_id", "Prompt")
	if err != nil {
		return err
	}
	off := false
	if _, err := s.Store.UpdatePrompt(r.Context(), brand.OrgID, brand.ID, id, sightline.PromptUpdate{Active: &off}); err != nil {
		return err
	}
	return writeEmpty(w)
}

// handleCollectionGet serves GET …/collection.
func (s *Server) handleCollectionGet(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	c, err := s.Store.FindCollectionSettings(r.Context(), brand.OrgID, brand.ID)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, c)
}

// handleCollectionUpdate serves PATCH …/collection.
func (s *Server) handleCollectionUpdate(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	var body sightline.CollectionUpdate
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	c, err := s.Store.UpdateCollectionSettings(r.Context(), brand.OrgID, brand.ID, body)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, c)
}

// maxReportedAttempts is how many attempts the internal report lists.
const maxReportedAttempts = 100

// handleCollectionAttempts serves GET /internal/v1/brands/{brand_id}/
// collection/attempts: the last attempts and each provider's success rate.
func (s *Server) handleCollectionAttempts(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	rep, err := s.Store.FindCollectionReport(r.Context(), brand.ID, maxReportedAttempts)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, rep)
}
