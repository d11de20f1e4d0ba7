package password

import (
	"encoding/base64"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/crypto/argon2"
)

var phc = regexp.MustCompile(`^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`)

func TestHashVerify(t *testing.T) {
	h1, err := Hash("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	h2, err := Hash("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !phc.MatchString(h1) {
		t.Errorf("hash %q is not in the PHC format with the default parameters", h1)
	}
	if h1 == h2 {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
	for _, tt := range []struct {
		pw   string
		want bool
	}{
		{"correct horse battery", true},
		{"correct horse batterY", false},
		{"correct horse battery ", false},
		{"", false},
	} {
		ok, err := Verify(tt.pw, h1)
		if err != nil || ok != tt.want {
			t.Errorf("Verify(%q) = %v, %v; want %v", tt.pw, ok, err, tt.want)
		}
	}
	if NeedsRehash(h1) {
		t.Error("a hash with the default parameters needs a rehash")
	}
}

// A hash made with other parameters is checked with its own parameters,
// and reported as needing a rehash.
func TestVerify_OwnParameters(t *testing.T) {
	p := Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 8, KeyLen: 16}
	h, err := p.Hash("s3cret-passphrase")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash %q does not carry its parameters", h)
	}
	if ok, err := Verify("s3cret-passphrase", h); !ok || err != nil {
		t.Errorf("Verify = %v, %v; want true", ok, err)
	}
	if !NeedsRehash(h) {
		t.Error("a hash with weaker parameters does not need a rehash")
	}
	// The stored key is the argon2id key of the password and the salt.
	parts := strings.Split(h, "$")
	salt, _ := base64.RawStdEncoding.DecodeString(parts[4])
	want := argon2.IDKey([]byte("s3cret-passphrase"), salt, 1, 64, 1, 16)
	if got := parts[5]; got != base64.RawStdEncoding.EncodeToString(want) {
		t.Errorf("key %s, want the argon2id key %x", got, want)
	}
}

func TestVerify_Malformed(t *testing.T) {
	good, _ := Hash("whatever-password")
	parts := strings.Split(good, "$")
	for _, h := range []string{
		"",
		"plaintext",
		"$argon2i$v=19$m=19456,t=2,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=16$m=19456,t=2,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=4194304,t=2,p=1$" + parts[4] + "$" + parts[5], // 4 GiB
		"$argon2id$v=19$m=19456,t=99,p=1$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=19456,t=2,p=0$" + parts[4] + "$" + parts[5],
		"$argon2id$v=19$m=19456,t=2,p=1$!!$" + parts[5],
		"$argon2id$v=19$m=19456,t=2,p=1$" + parts[4] + "$c2hvcnQ",
		good + "$extra",
	} {
		if ok, err := Verify("whatever-password", h); ok || err != ErrMalformed {
			t.Errorf("Verify(%q) = %v, %v; want false, ErrMalformed", h, ok, err)
		}
		if !NeedsRehash(h) {
			t.Errorf("NeedsRehash(%q) = false", h)
		}
	}
}
