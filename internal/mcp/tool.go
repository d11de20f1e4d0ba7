package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

// registry adds tools to one SDK server.
type registry struct {
	server *Server
	sdk    *sdk.Server
	keys   keySource
}

// effect classifies what a tool does to the caller's data, for the MCP
// annotations clients use to decide whether to ask for confirmation.
type effect int

const (
	readOnly    effect = iota // reads only
	additive                  // creates or revives, never removes or overwrites
	destructive               // overwrites or removes
)

// toolSpec describes one tool.
type toolSpec struct {
	name        string
	title       string
	description string
	operation   string // "METHOD /api/v2/…" of the REST call
	effect      effect
	idempotent  bool
	// enums override the allowed values of arguments (see vocabularies).
	enums map[string][]string
}

// add registers a tool whose handler calls the API with the caller's key.
// Input and output JSON schemas come from In and Out (see inputSchema and
// outputSchema).
func add[In, Out any](r *registry, spec toolSpec, call func(ctx context.Context, api *client.Client, in In) (Out, error)) {
	f := false
	ann := &sdk.ToolAnnotations{Title: spec.title, ReadOnlyHint: spec.effect == readOnly, OpenWorldHint: &f}
	if spec.effect != readOnly {
		d := spec.effect == destructive
		ann.DestructiveHint = &d
		ann.IdempotentHint = spec.idempotent
	}
	tool := &sdk.Tool{
		Name:         spec.name,
		Title:        spec.title,
		Description:  spec.description,
		InputSchema:  inputSchema[In](spec.enums),
		OutputSchema: outputSchema[Out](),
		Annotations:  ann,
		Meta:         sdk.Meta{MetaOperation: spec.operation},
	}
	s := r.server
	keys := r.keys
	sdk.AddTool(r.sdk, tool, func(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, Out, error) {
		var zero Out
		start := time.Now()
		key := keys(req)
		if key == "" {
			// Unreachable over HTTP (requireKey answers 401 first); kept so
			// that no code path ever calls upstream without a key.
			err := &client.Error{Code: sightline.EUNAUTHORIZED, Message: "Missing API key: send it in the " + APIKeyHeader + " header."}
			s.logCall(ctx, spec.name, start, err)
			return nil, zero, toolError(err)
		}
		out, err := call(client.WithAPIKey(ctx, key), s.API, in)
		s.logCall(ctx, spec.name, start, err)
		if err != nil {
			return nil, zero, toolError(err)
		}
		return nil, out, nil
	})
}

// toolError turns a failed API call into the error of an IsError tool
// result: the envelope's code and message first ("NOT_FOUND (HTTP 404):
// Brand not found."), then the offending fields, then a hint for the
// assistant. Transport failures become UNAVAILABLE without internals.
func toolError(err error) error {
	var ce *client.Error
	if !errors.As(err, &ce) {
		msg := "The Sightline API could not be reached."
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			msg = "The Sightline API did not answer in time."
		}
		return errors.New(sightline.EUNAVAILABLE + ": " + msg)
	}
	var b strings.Builder
	b.WriteString(ce.Code)
	if ce.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", ce.Status)
	}
	b.WriteString(": ")
	b.WriteString(ce.Message)
	for _, d := range ce.Details {
		b.WriteString("\n- ")
		if d.Field != nil {
			field := *d.Field
			b.WriteString(field)
			if arg, ok := strings.CutPrefix(field, "filter["); ok {
				// filter[ran_at_start] is the tool argument ran_at_start.
				fmt.Fprintf(&b, " (argument %s)", strings.TrimSuffix(arg, "]"))
			}
			b.WriteString(": ")
		}
		b.WriteString(d.Message)
		if d.Code != "" {
			fmt.Fprintf(&b, " [%s]", d.Code)
		}
	}
	if ce.RequestID != "" {
		fmt.Fprintf(&b, "\nrequest_id: %s", ce.RequestID)
	}
	if hint := hintFor(ce); hint != "" {
		b.WriteString("\n")
		b.WriteString(hint)
	}
	return errors.New(b.String())
}

// hintFor tells the assistant what the error means for its next step.
func hintFor(e *client.Error) string {
	switch e.Code {
	case sightline.EUNAUTHORIZED:
		return "The API key sent in " + APIKeyHeader + " is missing, unknown, expired or revoked; the user must configure a valid Sightline API key in the MCP client."
	case sightline.EFORBIDDEN:
		return "API keys cannot use this endpoint."
	case sightline.ENOTFOUND:
		return "The brand or resource does not exist or belongs to another organization; list_brands shows the brands this key can see."
	case sightline.EQUOTA:
		return fmt.Sprintf("The daily quota is used up; retry after %d seconds (it resets at midnight UTC).", e.RetryAfter)
	case sightline.ERATELIMIT:
		return fmt.Sprintf("Too many requests; retry after %d seconds.", max(1, e.RetryAfter))
	case sightline.EINVALIDPARAM, sightline.EVALIDATION, sightline.EINVALIDBODY:
		return "Fix the arguments named above and call the tool again."
	case sightline.ETRANSITION:
		return "That state change is not allowed from the recommendation's current state."
	}
	return ""
}
