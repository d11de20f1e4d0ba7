package sightline

// JSONHasNUL reports whether a JSON text escapes a NUL character
// (\u0000) inside a string. PostgreSQL text cannot hold NUL, so the API and
// ingest refuse such input as a client error instead of failing to store
// it (docs/api.md#errors).
func JSONHasNUL(b []byte) bool {
	for i := 0; i+5 < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		if b[i+1] == 'u' && b[i+2] == '0' && b[i+3] == '0' && b[i+4] == '0' && b[i+5] == '0' {
			return true
		}
		i++ // skip the escaped character: \\u0000 is a backslash and text
	}
	return false
}
