package sightline

import (
	"context"
	"time"
)

// Organization owns brands, users and API keys; it is the unit of tenancy.
type Organization struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created_at"`
}

// User belongs to one organization and creates API keys. A user with a
// password signs in to the dashboard (docs/dashboard.md).
type User struct {
	ID          string     `json:"id"`
	OrgID       string     `json:"org_id"`
	Email       string     `json:"email"`
	Name        string     `json:"name"`
	CreatedAt   time.Time  `json:"created_at"`
	HasPassword bool       `json:"has_password"`
	DisabledAt  *time.Time `json:"disabled_at"`
	// Role is what the user may do in the dashboard: RoleAdmin or
	// RoleMember (docs/dashboard.md#team-access).
	Role string `json:"role"`
}

// OrganizationCreate is the input of CreateOrganization. ID may be set by
// callers that need stable ids (the demo data set); otherwise one is made.
type OrganizationCreate struct {
	ID   string
	Name string
}

// Validate checks the input.
func (c *OrganizationCreate) Validate() error {
	var v ValidationErrors
	if c.ID != "" && !IsUUID(c.ID) {
		v.Add("id", "invalid", "id must be a UUID")
	}
	if cleanName(&v, "name", &c.Name) && c.Name == "" {
		v.Add("name", "required", "name is required")
	}
	return v.Err()
}

// Usage is what an organization used in a period (billing).
type Usage struct {
	OrgID         string    `json:"org_id"`
	PeriodStart   time.Time `json:"period_start"`
	PeriodEnd     time.Time `json:"period_end"`
	Brands        int       `json:"brands"`
	Prompts       int       `json:"active_prompts"`
	Runs          int       `json:"runs"`
	ActiveAPIKeys int       `json:"active_api_keys"`
}

// OrganizationService manages organizations and their users.
type OrganizationService interface {
	// OrganizationUsage counts an organization's brands, active prompts and
	// API keys, and the runs stored in [start, end). NOT_FOUND when unknown.
	OrganizationUsage(ctx context.Context, orgID string, start, end time.Time) (*Usage, error)
	// CreateOrganization stores a new organization. VALIDATION_FAILED on bad input.
	CreateOrganization(ctx context.Context, c OrganizationCreate) (*Organization, error)
	// FindOrganizations lists every organization (operator use).
	FindOrganizations(ctx context.Context) ([]*Organization, error)
	// CreateUser adds a user to an organization, or returns the existing one
	// with that email. NOT_FOUND when the organization does not exist.
	CreateUser(ctx context.Context, orgID, id, email, name string) (*User, error)
}
