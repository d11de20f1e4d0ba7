// Package openapi embeds the published interface description of the
// public API (OpenAPI 3.1, info.version v1).
package openapi

import _ "embed"

// Document is the OpenAPI document, served at GET /api/v2/openapi.json.
//
//go:embed openapi.json
var Document []byte
