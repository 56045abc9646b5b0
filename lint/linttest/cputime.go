package linttest

import (
	"testing"
	"time"
)

// ReportCPU reports, as "cpu-ns/op", the processor time the process used
// per op since start, a CPUTime reading taken just before the benchmark's
// loop; on several goroutines, it is their sum. It reports nothing where
// CPUTime is not known.
func ReportCPU(b *testing.B, start time.Duration) {
	if now, ok := CPUTime(); ok && b.N > 0 {
		b.ReportMetric(float64(now-start)/float64(b.N), "cpu-ns/op")
	}
}
