package sightline

import "testing"

func TestJSONHasNUL(t *testing.T) {
	for in, want := range map[string]bool{
		`{"a":"x\u0000y"}`: true, `{"a":"\u0000"}`: true, `{"a":"x\\u0000"}`: false, `{"a":"\\\u0000"}`: true,
		`{"a":"\u00001"}`: true, `{"a":"\u0001"}`: false, `{"a":"u0000"}`: false, `\u000`: false, ``: false,
	} {
		if got := JSONHasNUL([]byte(in)); got != want {
			t.Errorf("JSONHasNUL(%s) = %v, want %v", in, got, want)
		}
	}
}
