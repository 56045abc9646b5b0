package lsp

import (
	"testing"
	"time"
)

// patience returns a channel that fires when a test should give up waiting
// for the server: shortly before the test binary's own -timeout. The wait
// is a guard against a hang, not a speed target, so a slow machine (the
// race detector, a loaded CI host) must never fail it; a server that never
// answers still fails with a message instead of the timeout's stack dump.
// Without a deadline (a benchmark), the guard is five minutes.
func patience(t testing.TB) <-chan time.Time {
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if at, ok := d.Deadline(); ok {
			return time.After(time.Until(at) * 9 / 10)
		}
	}
	return time.After(5 * time.Minute)
}
