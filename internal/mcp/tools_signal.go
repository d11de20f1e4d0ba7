package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

type listSignalsIn struct {
	brandArg
	Types      []string `json:"types,omitempty" jsonschema:"Only these types: visibility.dropped, visibility.rose (a provider's or topic's visibility moved), share_of_voice.overtaken (a tracked competitor passed the brand), citation.lost, citation.gained (an owned page stopped or started being cited), advertiser.new. Default all."`
	Status     string   `json:"status,omitempty" jsonschema:"open (the change lasts) or closed (the metric came back). Default both."`
	RanAtStart string   `json:"ran_at_start,omitempty" jsonschema:"Start of the window: signals open at some time in it are listed. A date YYYY-MM-DD or an RFC 3339 date-time. Default 30 days before now."`
	RanAtEnd   string   `json:"ran_at_end,omitempty" jsonschema:"End of the window, inclusive: a date YYYY-MM-DD (the whole day) or an RFC 3339 date-time. Default the end of today (UTC)."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: opened_at, updated_at, type. Default -opened_at (newest first)."`
}

type signalIn struct {
	brandArg
	SignalID string `json:"signal_id" jsonschema:"UUID of the signal (from list_signals)."`
}

const signalUnits = " numbers compare the current period (after: the last complete UTC day, or the last 7 — window) with the 28 days before it (before): trials, successes, rate (%), a 99 % Wilson interval, change in percentage points, the z statistic and its two-sided p-value (a signal opens below 0.01 when the change reaches threshold points, with at least 30 trials each side). evidence lists the prompts and pages that moved most."

func (r *registry) addSignalTools() {
	add(r, toolSpec{
		name:  "list_signals",
		title: "List signals",
		description: "Lists significant changes of the brand's metrics — visibility dropped or rose on a provider or topic, a competitor overtook the brand, an owned page lost or gained citations, a new advertiser appeared — newest first. " +
			"One signal per ongoing change: it stays open while the change lasts and closes when the metric comes back." + signalUnits + unitsList,
		operation: "GET /api/v2/brands/{brand_id}/signals",
		enums:     map[string][]string{"types": sightline.SignalTypes, "status": sightline.SignalStatuses},
	}, func(ctx context.Context, api *client.Client, in listSignalsIn) (*client.List[sightline.Signal], error) {
		return api.ListSignals(ctx, in.BrandID, client.SignalListParams{Types: in.Types, Status: in.Status,
			Window: client.Window{RanAtStart: in.RanAtStart, RanAtEnd: in.RanAtEnd}, Pagination: in.pagination(), Sort: in.Sort})
	})
	add(r, toolSpec{
		name:        "get_signal",
		title:       "Read one signal",
		description: "Reads one signal: its type, status, dimension (provider, topic, page or advertiser), competitor, numbers and evidence." + signalUnits,
		operation:   "GET /api/v2/brands/{brand_id}/signals/{id}",
	}, func(ctx context.Context, api *client.Client, in signalIn) (*sightline.Signal, error) {
		return api.GetSignal(ctx, in.BrandID, in.SignalID)
	})
}
