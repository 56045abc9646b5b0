package main

import (
	"os"
	"syscall"
)

// maxRSS returns the peak resident memory of an ended process in bytes;
// Linux counts ru_maxrss in KiB.
func maxRSS(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return ru.Maxrss * 1024, true
}
