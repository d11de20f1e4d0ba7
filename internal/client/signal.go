package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// SignalListParams are the query of GET …/signals.
type SignalListParams struct {
	// Types: visibility.dropped, visibility.rose, share_of_voice.overtaken,
	// citation.lost, citation.gained, advertiser.new.
	Types []string `query:"filter[types]"`
	// Status: open or closed (default both).
	Status string `query:"filter[status]"`
	// Window: signals open at some time in it (default the last 30 days).
	Window
	Pagination
	// Sort: opened_at, updated_at, type. Default -opened_at.
	Sort string `query:"sort"`
}

// ListSignals returns a page of the brand's signals.
func (c *Client) ListSignals(ctx context.Context, brandID string, p SignalListParams) (*List[sightline.Signal], error) {
	return getList[sightline.Signal](ctx, c, brandPath(brandID, "signals"), p)
}

// GetSignal returns one signal with its numbers and evidence.
func (c *Client) GetSignal(ctx context.Context, brandID, signalID string) (*sightline.Signal, error) {
	return getData[sightline.Signal](ctx, c, http.MethodGet, brandPath(brandID, "signals", id(signalID)), nil, nil)
}
