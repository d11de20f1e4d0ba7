package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestDocument_NoRepeatedKeys fails when an object of the document names a
// key twice. encoding/json keeps the last one silently, so a line-based merge
// that adds the same key on two branches would drop one side's content.
func TestDocument_NoRepeatedKeys(t *testing.T) {
	type level struct {
		object  bool
		keys    map[string]bool
		lastKey string
		wantKey bool // in an object, the next token is a key
	}
	var stack []*level
	where := func() string {
		var parts []string
		for _, l := range stack[:len(stack)-1] { // the enclosing objects' keys
			if l.object {
				parts = append(parts, l.lastKey)
			}
		}
		return strings.Join(parts, "/")
	}
	dec := json.NewDecoder(bytes.NewReader(Document))
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("decoding: %v", err)
		}
		var top *level
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].wantKey = true
			}
			continue
		}
		if top != nil && top.object && top.wantKey {
			key := tok.(string)
			if top.keys[key] {
				t.Errorf("key %q repeated at %s", key, where())
			}
			top.keys[key], top.lastKey, top.wantKey = true, key, false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &level{object: true, keys: map[string]bool{}, wantKey: true})
		case json.Delim('['):
			stack = append(stack, &level{})
		default:
			if top != nil && top.object {
				top.wantKey = true
			}
		}
	}
}
