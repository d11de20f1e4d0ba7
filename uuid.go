package sightline

// NilUUID is the UUID of all zeros: the fact tables' topic of runs without
// a topic, and the rows that stand for "none" where a key needs a value.
const NilUUID = "00000000-0000-0000-0000-000000000000"

// IsUUID reports whether s is a UUID in canonical textual form
// (8-4-4-4-12 hexadecimal digits, either case).
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !isHex(c) {
				return false
			}
		}
	}
	return true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
