package sightline

import "math"

// Pagination limits (docs/api.md).
const (
	DefaultPageSize      = 25
	DefaultBrandPageSize = 50
	MaxPageSize          = 100
)

// MaxFilterValues is the most values one list filter (filter[topic_ids],
// filter[provider_ids], …) takes; more is 400 INVALID_PARAMETER naming the
// filter (docs/api.md#limits).
const MaxFilterValues = 100

// PageRequest is a validated page/page_size pair.
type PageRequest struct {
	Page     int
	PageSize int
}

// Offset returns the number of rows before the page. It saturates instead
// of overflowing, so that an absurdly large page is merely past the end.
func (p PageRequest) Offset() int {
	if p.Page <= 1 || p.PageSize <= 0 {
		return 0
	}
	if p.Page-1 > math.MaxInt/p.PageSize {
		return math.MaxInt
	}
	return (p.Page - 1) * p.PageSize
}

// SortKey is one whitelisted sort key; Desc when it had a "-" prefix.
type SortKey struct {
	Key  string
	Desc bool
}

// PageMeta is the pagination_meta object of every list response.
type PageMeta struct {
	Page       int            `json:"page"`
	PageSize   int            `json:"page_size"`
	TotalItems int            `json:"total_items"`
	TotalPages int            `json:"total_pages"`
	Counts     map[string]int `json:"counts,omitempty"`
}

// NewPageMeta computes the meta of a page of total items.
func NewPageMeta(p PageRequest, total int) PageMeta {
	pages := 0
	if total > 0 && p.PageSize > 0 {
		pages = (total + p.PageSize - 1) / p.PageSize
	}
	return PageMeta{Page: p.Page, PageSize: p.PageSize, TotalItems: total, TotalPages: pages}
}
