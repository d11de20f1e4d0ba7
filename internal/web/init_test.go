package web

import "testing"

func TestInit(t *testing.T) {
	s := &Server{}
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
}
