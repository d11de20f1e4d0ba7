package secret

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func newKey(t *testing.T) []byte {
	t.Helper()
	k := make([]byte, KeySize)
	if _, err := rand.Read(k); err != nil {
		t.Fatal(err)
	}
	return k
}

func TestSealOpen(t *testing.T) {
	b, err := New(newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	plain := []byte("sk-live-abcdef0123456789")
	data := ProviderKeyData("org-1", "chatgpt")
	sealed := b.Seal(plain, data)
	if bytes.Contains(sealed, plain) {
		t.Fatal("sealed value contains the plaintext")
	}
	if again := b.Seal(plain, data); bytes.Equal(again, sealed) {
		t.Fatal("two seals of one value are equal: the nonce is not fresh")
	}
	got, err := b.Open(sealed, data)
	if err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("Open = %q, %v", got, err)
	}
	t.Run("OtherRow", func(t *testing.T) {
		if _, err := b.Open(sealed, ProviderKeyData("org-2", "chatgpt")); !errors.Is(err, ErrOpen) {
			t.Fatalf("opened with another organization's data: %v", err)
		}
	})
	t.Run("OtherKey", func(t *testing.T) {
		other, _ := New(newKey(t))
		if other.ID() == b.ID() {
			t.Fatal("two keys have one id")
		}
		if _, err := other.Open(sealed, data); !errors.Is(err, ErrOpen) {
			t.Fatalf("opened with another master key: %v", err)
		}
	})
	t.Run("Tampered", func(t *testing.T) {
		bad := bytes.Clone(sealed)
		bad[len(bad)-1] ^= 1
		if _, err := b.Open(bad, data); !errors.Is(err, ErrOpen) {
			t.Fatalf("opened a tampered value: %v", err)
		}
		if _, err := b.Open(sealed[:5], data); !errors.Is(err, ErrOpen) {
			t.Fatalf("opened a truncated value: %v", err)
		}
	})
}

func TestLoad(t *testing.T) {
	key := newKey(t)
	enc := base64.StdEncoding.EncodeToString(key)
	if _, err := Load("", ""); !errors.Is(err, ErrNoKey) {
		t.Fatalf("no key: %v", err)
	}
	fromEnv, err := Load(enc, "")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "key")
	if err := os.WriteFile(path, []byte(base64.RawURLEncoding.EncodeToString(key)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fromFile, err := Load("", path)
	if err != nil {
		t.Fatal(err)
	}
	if fromEnv.ID() != fromFile.ID() {
		t.Fatal("the same key from env and file has two ids")
	}
	for _, bad := range []string{"not base64 !!", base64.StdEncoding.EncodeToString(key[:16])} {
		if _, err := Load(bad, ""); err == nil {
			t.Errorf("Load(%q) accepted a bad key", bad)
		}
	}
	if _, err := Load("", filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("a missing key file was accepted")
	}
}
