// Package openapi embeds the published interface description of the
// public API (OpenAPI 3.1, info.version v1).
package openapi

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

// Document is the whole OpenAPI document: the public API and the internal
// surface (operations marked x-internal, which take the operator's admin
// token). It is served to the admin token at GET /internal/v1/openapi.json.
//
//go:embed openapi.json
var Document []byte

// Public is the published document, GET /api/v2/openapi.json: Document
// without the x-internal operations, the tags and the components only they
// use.
var Public = mustPublic(Document)

func mustPublic(doc []byte) []byte {
	out, err := public(doc)
	if err != nil {
		panic(fmt.Sprintf("openapi: public document: %v", err))
	}
	return out
}

// public derives the public document from the whole one.
func public(doc []byte) ([]byte, error) {
	var d map[string]any
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, err
	}
	paths, _ := d["paths"].(map[string]any)
	internalTags := map[string]bool{}
	for p, item := range paths {
		ops, _ := item.(map[string]any)
		for m, op := range ops {
			o, ok := op.(map[string]any)
			if !ok || o["x-internal"] != true {
				continue
			}
			for _, tag := range asSlice(o["tags"]) {
				internalTags[fmt.Sprint(tag)] = true
			}
			delete(ops, m)
		}
		if !hasOperation(ops) {
			delete(paths, p)
		}
	}
	// A tag that a public operation still uses stays.
	for _, item := range paths {
		for _, op := range item.(map[string]any) {
			if o, ok := op.(map[string]any); ok {
				for _, tag := range asSlice(o["tags"]) {
					delete(internalTags, fmt.Sprint(tag))
				}
			}
		}
	}
	var tags []any
	for _, t := range asSlice(d["tags"]) {
		if m, ok := t.(map[string]any); !ok || !internalTags[fmt.Sprint(m["name"])] {
			tags = append(tags, t)
		}
	}
	if tags != nil {
		d["tags"] = tags
	}
	pruneComponents(d)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func hasOperation(ops map[string]any) bool {
	for m := range ops {
		switch m {
		case "get", "put", "post", "delete", "options", "head", "patch", "trace":
			return true
		}
	}
	return false
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

// pruneComponents drops the components nothing outside components refers
// to, directly or through other components, and the security schemes no
// operation names.
func pruneComponents(d map[string]any) {
	comps, _ := d["components"].(map[string]any)
	if comps == nil {
		return
	}
	used := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if ref, ok := x["$ref"].(string); ok && strings.HasPrefix(ref, "#/components/") && !used[ref] {
				used[ref] = true
				parts := strings.SplitN(strings.TrimPrefix(ref, "#/components/"), "/", 2)
				if len(parts) == 2 {
					if kind, ok := comps[parts[0]].(map[string]any); ok {
						walk(kind[parts[1]])
					}
				}
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	for k, v := range d {
		if k != "components" {
			walk(v)
		}
	}
	schemes := map[string]bool{}
	collect := func(v any) {
		for _, req := range asSlice(v) {
			if m, ok := req.(map[string]any); ok {
				for name := range m {
					schemes[name] = true
				}
			}
		}
	}
	collect(d["security"])
	for _, item := range d["paths"].(map[string]any) {
		for _, op := range item.(map[string]any) {
			if o, ok := op.(map[string]any); ok {
				collect(o["security"])
			}
		}
	}
	for kind, v := range comps {
		entries, ok := v.(map[string]any)
		if !ok {
			continue
		}
		for name := range entries {
			if kind == "securitySchemes" {
				if !schemes[name] {
					delete(entries, name)
				}
				continue
			}
			if !used["#/components/"+kind+"/"+name] {
				delete(entries, name)
			}
		}
	}
}
