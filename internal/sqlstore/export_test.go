package sqlstore

import "time"

// SetDebugSQL sets debugSQL for the tests of package sqlstore_test (the
// SQL snapshots); nil turns it off.
func SetDebugSQL(f func(start time.Time, q string, args []any)) { debugSQL = f }
