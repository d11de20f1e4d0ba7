package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
)

// handleBrandList serves GET /api/v2/brands: the organization's brands.
func (s *Server) handleBrandList(w http.ResponseWriter, r *http.Request) error {
	p := sightline.PrincipalFromContext(r.Context())
	q := newParams(r, s.now())
	f := sightline.BrandFilter{
		PageRequest: q.page(sightline.DefaultBrandPageSize),
		Sort:        q.sort(sightline.BrandSortKeys),
		Query:       q.text("filter[query]"),
	}
	if err := q.err(); err != nil {
		return err
	}
	brands, total, err := s.Store.FindBrands(r.Context(), p.OrgID, f)
	if err != nil {
		return err
	}
	return writeList(w, brands, sightline.NewPageMeta(f.PageRequest, total))
}
