// Package sightline is the domain vocabulary of Sightline, a brand-visibility
// analytics service: it records how AI assistants talk about a brand and
// serves the numbers through a REST API and an MCP tool server.
//
// The root package holds types, validation rules and the service interfaces
// that the adapters in internal/ implement. It imports only the standard
// library.
package sightline

// Version and Commit are set at build time with -ldflags.
var (
	Version = "dev"
	Commit  = ""
)
