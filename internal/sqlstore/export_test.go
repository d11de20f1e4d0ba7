package sqlstore

// SetTraceSQL sets traceSQL for the tests of package sqlstore_test (the SQL
// snapshots); nil turns it off.
func SetTraceSQL(f func(q string)) { traceSQL = f }
