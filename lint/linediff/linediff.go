// Package linediff finds where two texts differ, line by line: the runs of
// lines that a change replaces. The command prints them as a unified diff
// and the language server sends them as edits, so that a client keeps its
// cursor and undo history on the lines a change leaves alone.
package linediff

import (
	"slices"
	"sort"
)

// A Run is a run of lines that differ between two texts: lines
// [A0, A1) of the old one are replaced by lines [B0, B1) of the new one.
type Run struct {
	A0, A1, B0, B1 int
}

// maxCost bounds the edit distance up to which diffLines searches for
// the shortest edit script of a stretch of lines; the search costs about
// its square in time and memory.
const maxCost = 500

// Diff returns the runs in which the lines a and b differ, in order
// and separated by at least one line they share.
//
// It finds the fewest changed lines with Myers' algorithm when that takes
// at most maxCost insertions and deletions. Otherwise (a long file with
// changes all over) it anchors on the lines found once in each text, in
// the longest order they share (patience diff), and diffs the stretches
// between anchors the same way; a stretch without anchors too costly for
// Myers becomes one run. Either way applying the runs gives b, which is
// all correctness asks; fewer changed lines only spare more of the
// client's state.
func Diff(a, b []int32) []Run { return diff(a, b, maxCost) }

func diff(a, b []int32, maxCost int) []Run {
	var runs []Run
	var walk func(a0, a1, b0, b1 int)
	walk = func(a0, a1, b0, b1 int) {
		for a0 < a1 && b0 < b1 && a[a0] == b[b0] {
			a0, b0 = a0+1, b0+1
		}
		for a0 < a1 && b0 < b1 && a[a1-1] == b[b1-1] {
			a1, b1 = a1-1, b1-1
		}
		switch {
		case a0 == a1 && b0 == b1:
			return
		case a0 == a1 || b0 == b1:
			runs = append(runs, Run{A0: a0, A1: a1, B0: b0, B1: b1})
			return
		}
		if script, ok := shortestEdit(a[a0:a1], b[b0:b1], maxCost); ok {
			for _, r := range script {
				runs = append(runs, Run{A0: a0 + r.A0, A1: a0 + r.A1, B0: b0 + r.B0, B1: b0 + r.B1})
			}
			return
		}
		anchors := uniqueAnchors(a[a0:a1], b[b0:b1])
		if len(anchors) == 0 {
			runs = append(runs, Run{A0: a0, A1: a1, B0: b0, B1: b1})
			return
		}
		pa, pb := a0, b0
		for _, an := range anchors {
			walk(pa, a0+an.a, pb, b0+an.b)
			pa, pb = a0+an.a+1, b0+an.b+1
		}
		walk(pa, a1, pb, b1)
	}
	walk(0, len(a), 0, len(b))
	return runs
}

// shortestEdit returns the runs of a shortest edit script from a to b, by
// the greedy algorithm of Myers ("An O(ND) Difference Algorithm and Its
// Variations", 1986), or false when every script needs more than maxCost
// insertions and deletions.
func shortestEdit(a, b []int32, maxCost int) ([]Run, bool) {
	n, m := len(a), len(b)
	maxCost = min(maxCost, n+m)
	// v[off+k] is the furthest x reached on diagonal k = x-y. trace[d]
	// keeps v as it was before step d, for diagonals -d-1 to d+1, which is
	// all that step reads; walking back through it recovers the path.
	off := maxCost + 1
	v := make([]int32, 2*maxCost+3)
	var trace [][]int32
	for d := 0; d <= maxCost; d++ {
		trace = append(trace, slices.Clone(v[off-d-1:off+d+2]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = int(v[off+k+1]) // down: insert b[y-1]
			} else {
				x = int(v[off+k-1]) + 1 // right: delete a[x-1]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = int32(x)
			if x >= n && y >= m {
				return editRuns(trace, n, m, d), true
			}
		}
	}
	return nil, false
}

// editRuns walks back from (n, m) through the trace of shortestEdit, which
// reached it in d steps, and returns the edits of the path with adjacent
// ones joined into runs.
func editRuns(trace [][]int32, n, m, d int) []Run {
	var runs []Run // last first
	x, y := n, m
	for ; d > 0; d-- {
		w := trace[d]
		at := func(k int) int { return int(w[k+d+1]) }
		k := x - y
		var r Run
		if k == -d || k != d && at(k-1) < at(k+1) {
			px := at(k + 1) // came down from diagonal k+1: inserted b[py]
			py := px - (k + 1)
			r = Run{A0: px, A1: px, B0: py, B1: py + 1}
		} else {
			px := at(k - 1) // came right from diagonal k-1: deleted a[px]
			py := px - (k - 1)
			r = Run{A0: px, A1: px + 1, B0: py, B1: py}
		}
		// The snake after the edit runs from its end to (x, y); an empty
		// snake joins the edit to the one after it.
		if last := len(runs) - 1; last >= 0 && runs[last].A0 == r.A1 && runs[last].B0 == r.B1 {
			runs[last].A0, runs[last].B0 = r.A0, r.B0
		} else {
			runs = append(runs, r)
		}
		x, y = r.A0, r.B0
	}
	slices.Reverse(runs)
	return runs
}

// An anchor is a line found once in each of two texts: line a of the one
// is line b of the other.
type anchor struct{ a, b int }

// uniqueAnchors returns the longest sequence, in the order of both texts,
// of the lines that a and b each hold exactly once.
func uniqueAnchors(a, b []int32) []anchor {
	type seen struct{ inA, inB, atB int }
	counts := make(map[int32]*seen)
	for _, id := range a {
		s := counts[id]
		if s == nil {
			s = &seen{}
			counts[id] = s
		}
		s.inA++
	}
	for j, id := range b {
		if s := counts[id]; s != nil {
			s.inB++
			s.atB = j
		}
	}
	var pairs []anchor // in the order of a
	for i, id := range a {
		if s := counts[id]; s.inA == 1 && s.inB == 1 {
			pairs = append(pairs, anchor{i, s.atB})
		}
	}
	// The longest subsequence increasing in b, by patience sorting: tops[h]
	// is the pair ending the best sequence of length h+1 found so far, and
	// prev links each pair to the one before it in its sequence.
	var tops []int
	prev := make([]int, len(pairs))
	for p := range pairs {
		h := sort.Search(len(tops), func(h int) bool { return pairs[tops[h]].b > pairs[p].b })
		prev[p] = -1
		if h > 0 {
			prev[p] = tops[h-1]
		}
		if h == len(tops) {
			tops = append(tops, p)
		} else {
			tops[h] = p
		}
	}
	if len(tops) == 0 {
		return nil
	}
	seq := make([]anchor, len(tops))
	for p, h := tops[len(tops)-1], len(tops)-1; h >= 0; p, h = prev[p], h-1 {
		seq[h] = pairs[p]
	}
	return seq
}
