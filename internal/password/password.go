// Package password hashes and checks dashboard passwords with argon2id
// (RFC 9106). A hash is stored in the PHC string format with its
// parameters and its salt, so that the parameters can be raised later
// without invalidating stored hashes:
//
//	$argon2id$v=19$m=19456,t=2,p=1$<salt, base64>$<key, base64>
package password

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Params are the argon2id cost parameters.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // passes
	Threads uint8
	SaltLen int
	KeyLen  uint32
}

// Default is the OWASP Password Storage Cheat Sheet's first argon2id
// configuration (19 MiB, 2 passes, 1 lane): about 75 ms on one core, so
// that a sign-in stays fast while an offline guess stays expensive.
var Default = Params{Memory: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

// Limits on the parameters a stored hash may ask for, so that a forged
// or corrupt hash cannot make one check cost gigabytes.
const (
	maxMemory  = 1 << 20 // 1 GiB
	maxTime    = 16
	maxThreads = 16
)

// ErrMalformed means a stored hash could not be parsed.
var ErrMalformed = errors.New("password: malformed hash")

// Hash returns the encoded argon2id hash of pw with a fresh random salt.
func Hash(pw string) (string, error) { return Default.Hash(pw) }

// Hash returns the encoded argon2id hash of pw under p.
func (p Params) Hash(pw string) (string, error) {
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	key := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify reports whether pw matches the encoded hash, comparing in
// constant time. ErrMalformed when the hash cannot be read.
func Verify(pw, encoded string) (bool, error) {
	p, salt, key, err := decode(encoded)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, uint32(len(key))) //nolint:gosec // decode bounds len(key) to 16..64
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// NeedsRehash reports whether encoded was made with other parameters than
// Default.
func NeedsRehash(encoded string) bool {
	p, salt, key, err := decode(encoded)
	return err != nil || p.Memory != Default.Memory || p.Time != Default.Time || p.Threads != Default.Threads ||
		len(salt) != Default.SaltLen || len(key) != int(Default.KeyLen)
}

// dummy is checked against when there is no user, so that an unknown email
// costs as much time as a wrong password. It is made on first use: every
// command of the binary imports this package.
var dummy = sync.OnceValue(func() string {
	h, _ := Hash("sightline: no such user")
	return h
})

// VerifyNothing spends the time of one Verify of pw, for a sign-in whose
// email matches no user.
func VerifyNothing(pw string) {
	_, _ = Verify(pw, dummy())
}

func decode(encoded string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, ErrMalformed
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, ErrMalformed
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return p, nil, nil, ErrMalformed
	}
	if p.Memory < 8*uint32(max(p.Threads, 1)) || p.Memory > maxMemory || p.Time < 1 || p.Time > maxTime || p.Threads < 1 || p.Threads > maxThreads {
		return p, nil, nil, ErrMalformed
	}
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < 8 {
		return p, nil, nil, ErrMalformed
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < 16 || len(key) > 64 {
		return p, nil, nil, ErrMalformed
	}
	return p, salt, key, nil
}
