package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// CreateBrand creates a brand in the key's organization.
func (c *Client) CreateBrand(ctx context.Context, in sightline.BrandInput) (*sightline.Brand, error) {
	return getData[sightline.Brand](ctx, c, http.MethodPost, "/api/v2/brands", nil, in)
}

// GetBrand returns one brand.
func (c *Client) GetBrand(ctx context.Context, brandID string) (*sightline.Brand, error) {
	return getData[sightline.Brand](ctx, c, http.MethodGet, brandPath(brandID), nil, nil)
}

// UpdateBrand changes a brand's name, domains or aliases (nil fields keep
// their value).
func (c *Client) UpdateBrand(ctx context.Context, brandID string, in sightline.BrandInput) (*sightline.Brand, error) {
	return getData[sightline.Brand](ctx, c, http.MethodPatch, brandPath(brandID), nil, in)
}

// CreateCompetitor starts tracking a competitor.
func (c *Client) CreateCompetitor(ctx context.Context, brandID string, in sightline.CompetitorInput) (*sightline.Competitor, error) {
	return getData[sightline.Competitor](ctx, c, http.MethodPost, brandPath(brandID, "competitors"), nil, in)
}

// DeleteCompetitor stops tracking a competitor; its past mentions stay.
func (c *Client) DeleteCompetitor(ctx context.Context, brandID, competitorID string) error {
	return c.do(ctx, http.MethodDelete, brandPath(brandID, "competitors", id(competitorID)), nil, nil, nil)
}

// CreatePrompts creates prompts in one call (all or none).
func (c *Client) CreatePrompts(ctx context.Context, brandID string, prompts []sightline.PromptCreate) ([]sightline.Prompt, error) {
	ps, err := getData[[]sightline.Prompt](ctx, c, http.MethodPost, brandPath(brandID, "prompts"), nil, sightline.PromptsCreate{Prompts: prompts})
	if err != nil {
		return nil, err
	}
	return *ps, nil
}

// UpdatePrompt changes a prompt's text, regions or active flag.
func (c *Client) UpdatePrompt(ctx context.Context, brandID, promptID string, upd sightline.PromptUpdate) (*sightline.Prompt, error) {
	return getData[sightline.Prompt](ctx, c, http.MethodPatch, brandPath(brandID, "prompts", id(promptID)), nil, upd)
}

// DeletePrompt deactivates a prompt; its runs stay.
func (c *Client) DeletePrompt(ctx context.Context, brandID, promptID string) error {
	return c.do(ctx, http.MethodDelete, brandPath(brandID, "prompts", id(promptID)), nil, nil, nil)
}

// GetCollectionSettings returns what collection asks for the brand.
func (c *Client) GetCollectionSettings(ctx context.Context, brandID string) (*sightline.CollectionSettings, error) {
	return getData[sightline.CollectionSettings](ctx, c, http.MethodGet, brandPath(brandID, "collection"), nil, nil)
}

// UpdateCollectionSettings changes the brand's collection settings.
func (c *Client) UpdateCollectionSettings(ctx context.Context, brandID string, upd sightline.CollectionUpdate) (*sightline.CollectionSettings, error) {
	return getData[sightline.CollectionSettings](ctx, c, http.MethodPatch, brandPath(brandID, "collection"), nil, upd)
}

// SendAgentLogs sends access-log records of the plain format (at most
// 10,000) as a JSON array; the AI agents' visits and AI referrals of the
// brand's domains are stored (docs/agents.md).
func (c *Client) SendAgentLogs(ctx context.Context, brandID string, records []sightline.AgentLogRecord) (*sightline.AgentLogResult, error) {
	if records == nil {
		records = []sightline.AgentLogRecord{}
	}
	return getData[sightline.AgentLogResult](ctx, c, http.MethodPost, brandPath(brandID, "agent_logs"), nil, records)
}
