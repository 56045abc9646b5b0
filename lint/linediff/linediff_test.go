package linediff

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDiff checks diff on random texts over a few lines: the
// runs turn a into b, and, when Myers' search may run to the end, change
// no more lines than the shortest edit script does. A cost limit of 0 or
// 2 makes it fall back to anchors and whole runs.
func TestDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for range 3000 {
		a, b := make([]int32, r.IntN(14)), make([]int32, r.IntN(14))
		alphabet := 1 + r.Int32N(6)
		for i := range a {
			a[i] = r.Int32N(alphabet)
		}
		for i := range b {
			b[i] = r.Int32N(alphabet)
		}
		for _, cost := range []int{0, 2, maxCost} {
			changed := checkRuns(t, a, b, cost)
			if cost == maxCost {
				if want := len(a) + len(b) - 2*lcsLength(a, b); changed != want {
					t.Fatalf("%v -> %v: %d lines changed, the shortest script %d", a, b, changed, want)
				}
			}
		}
	}
}

// checkRuns checks that the runs diff gives are in order, apart, and
// turn a into b, and returns the number of lines they replace and write.
func checkRuns(t *testing.T, a, b []int32, cost int) (changed int) {
	t.Helper()
	runs := diff(a, b, cost)
	var got []int32
	at := 0
	for k, run := range runs {
		if run.A0 < at || k > 0 && run.A0 == at || run.A1 < run.A0 || run.B1 < run.B0 {
			t.Fatalf("%v -> %v, cost %d: runs %v out of order", a, b, cost, runs)
		}
		got = append(append(got, a[at:run.A0]...), b[run.B0:run.B1]...)
		at = run.A1
		changed += run.A1 - run.A0 + run.B1 - run.B0
	}
	got = append(got, a[at:]...)
	if !slices.Equal(got, b) {
		t.Fatalf("%v -> %v, cost %d: runs %v give %v", a, b, cost, runs, got)
	}
	return changed
}

// lcsLength returns the length of the longest common subsequence of a and
// b, by dynamic programming.
func lcsLength(a, b []int32) int {
	row := make([]int, len(b)+1)
	for i := range a {
		diag := 0
		for j := range b {
			up := row[j+1]
			if a[i] == b[j] {
				row[j+1] = diag + 1
			} else {
				row[j+1] = max(row[j+1], row[j])
			}
			diag = up
		}
	}
	return row[len(b)]
}
