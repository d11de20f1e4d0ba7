package httpapi

import (
	"strconv"
	"testing"
	"time"
)

// TestAuthThrottle_BoundedTable: failures from more addresses than the
// table holds never grow it past its cap; a window that is over frees its
// address; and the addresses of one IPv6 /64 count together.
func TestAuthThrottle_BoundedTable(t *testing.T) {
	const capacity = 100
	th := newAuthThrottle(3, capacity)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 3 {
		th.fail("192.0.2.1", now.Add(time.Duration(i)*time.Millisecond))
	}
	if th.blocked("192.0.2.1", now.Add(time.Second)) <= 0 {
		t.Fatal("3 failures with a limit of 3: not blocked")
	}
	for i := range 10 * capacity {
		th.fail("10.0."+strconv.Itoa(i/256)+"."+strconv.Itoa(i%256), now.Add(2*time.Second))
		if len(th.entries) > capacity {
			t.Fatalf("%d addresses in a table of %d", len(th.entries), capacity)
		}
	}
	later := now.Add(authThrottleWindow + 3*time.Second)
	th.fail("192.0.2.2", later)
	if len(th.entries) != 1 {
		t.Errorf("after every window is over: %d addresses kept, want the new one only", len(th.entries))
	}
	if w := th.blocked("192.0.2.1", later); w != 0 {
		t.Errorf("after its window: blocked for %v", w)
	}

	a, b := throttleKey("2001:db8:1:2::1"), throttleKey("2001:db8:1:2:ffff::9")
	if a != b || a != "2001:db8:1:2::/64" {
		t.Errorf("IPv6 keys %q and %q, want both 2001:db8:1:2::/64", a, b)
	}
	if k := throttleKey("192.0.2.7"); k != "192.0.2.7" {
		t.Errorf("IPv4 key %q", k)
	}
}
