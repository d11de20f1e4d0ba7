package main

import (
	"context"
	"fmt"
)

// loadDemo loads the demo data set into an empty database.
func (m *Main) loadDemo(ctx context.Context) error {
	return fmt.Errorf("demo data set not available yet")
}
