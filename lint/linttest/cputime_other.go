//go:build !unix

package linttest

import "time"

// CPUTime returns the processor time the process has used so far, which
// is not known outside Unix.
func CPUTime() (time.Duration, bool) { return 0, false }
