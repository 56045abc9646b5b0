//go:build unix

package linttest

import (
	"syscall"
	"time"
)

// CPUTime returns the processor time the process has used so far, user
// and system, and whether it is known. Benchmarks report it beside the
// wall time because the machine they run on is shared: another process's
// work stretches the wall time of a run but not its processor time.
func CPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
