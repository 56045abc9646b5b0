package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

// maxMyersEdits bounds the edit distance that the Myers search looks for
// in one piece of a diff. Its time grows with the lines times the distance,
// and its memory with the square of the distance, so a file rewritten
// throughout (every line's terminator changed) would cost seconds; past the
// bound the piece is split at lines that occur once on each side, as
// patience diff does, and the pieces are diffed alone.
const maxMyersEdits = 1024

// unifiedDiff returns the changes from before to after as a unified diff
// with git's headers ("--- a/PATH", "+++ b/PATH") and three lines of
// context, or "" when the two are equal. A line's terminator is part of
// the line, so a file whose LF became CRLF differs on every line; a last
// line without one is followed by "\ No newline at end of file".
func unifiedDiff(path string, before, after []byte) string {
	if bytes.Equal(before, after) {
		return ""
	}
	a, b := splitLines(before), splitLines(after)
	ids := make(map[string]int)
	intern := func(lines []string) []int {
		out := make([]int, len(lines))
		for i, l := range lines {
			id, ok := ids[l]
			if !ok {
				id = len(ids)
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	edits := diffLines(intern(a), intern(b))

	name := strings.TrimPrefix(strings.TrimPrefix(filepath.ToSlash(path), "./"), "/")
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	for _, h := range hunks(edits, len(a), len(b)) {
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(h.a0, h.a1), hunkRange(h.b0, h.b1))
		i, j := h.a0, h.b0
		for _, e := range edits[h.e0:h.e1] {
			for ; i < e.a0; i, j = i+1, j+1 {
				writeDiffLine(&out, ' ', a[i])
			}
			for ; i < e.a1; i++ {
				writeDiffLine(&out, '-', a[i])
			}
			for ; j < e.b1; j++ {
				writeDiffLine(&out, '+', b[j])
			}
		}
		for ; i < h.a1; i, j = i+1, j+1 {
			writeDiffLine(&out, ' ', a[i])
		}
	}
	return out.String()
}

// splitLines splits src after each LF, CR or CRLF, as robots.txt parsers
// split lines, keeping each line's terminator.
func splitLines(src []byte) []string {
	var lines []string
	for len(src) > 0 {
		end := bytes.IndexAny(src, "\r\n")
		switch {
		case end < 0:
			end = len(src)
		case src[end] == '\r' && end+1 < len(src) && src[end+1] == '\n':
			end += 2
		default:
			end++
		}
		lines = append(lines, string(src[:end]))
		src = src[end:]
	}
	return lines
}

func writeDiffLine(out *strings.Builder, prefix byte, line string) {
	out.WriteByte(prefix)
	out.WriteString(line)
	if len(line) == 0 || line[len(line)-1] != '\n' && line[len(line)-1] != '\r' {
		out.WriteString("\n\\ No newline at end of file\n")
	}
}

// hunkRange formats the lines [start, end) as a hunk header does: the
// first line and the count, the count left out when it is 1, and for no
// lines the line before them.
func hunkRange(start, end int) string {
	switch end - start {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, end-start)
}

// An edit replaces the lines [a0, a1) of the old file with the lines
// [b0, b1) of the new one; either may be empty, not both.
type edit struct{ a0, a1, b0, b1 int }

// A hunk is the edits [e0, e1) with their context: the lines [a0, a1) of
// the old file and [b0, b1) of the new.
type hunk struct{ e0, e1, a0, a1, b0, b1 int }

// hunks groups edits whose contexts touch or overlap into hunks, as diff
// and git do.
func hunks(edits []edit, na, nb int) []hunk {
	var hs []hunk
	for e := 0; e < len(edits); {
		first := edits[e]
		last := e
		for last+1 < len(edits) && edits[last+1].a0-edits[last].a1 <= 2*diffContext {
			last++
		}
		before := min(diffContext, first.a0)
		after := min(diffContext, na-edits[last].a1)
		hs = append(hs, hunk{
			e0: e, e1: last + 1,
			a0: first.a0 - before, a1: edits[last].a1 + after,
			b0: first.b0 - before, b1: edits[last].b1 + after,
		})
		e = last + 1
	}
	return hs
}

// diffLines returns the edits that turn the lines a into the lines b,
// lines given as numbers that are equal when the lines are, in order and
// with unchanged lines between any two.
func diffLines(a, b []int) []edit {
	var edits []edit
	diffRange(a, b, 0, 0, &edits)
	// Pieces diffed apart can leave edits that touch: join them.
	out := edits[:0]
	for _, e := range edits {
		if n := len(out); n > 0 && out[n-1].a1 == e.a0 && out[n-1].b1 == e.b0 {
			out[n-1].a1, out[n-1].b1 = e.a1, e.b1
			continue
		}
		out = append(out, e)
	}
	return out
}

// diffRange appends the edits that turn a into b, which start at lines
// offA and offB of the files.
func diffRange(a, b []int, offA, offB int, edits *[]edit) {
	// The common ends cost the search nothing; this is all the work when a
	// few lines of a large file change in one place.
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b, offA, offB = a[1:], b[1:], offA+1, offB+1
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) == 0 && len(b) == 0 {
		return
	}
	if len(a) == 0 || len(b) == 0 {
		*edits = append(*edits, edit{offA, offA + len(a), offB, offB + len(b)})
		return
	}
	if myers(a, b, offA, offB, edits) {
		return
	}
	anchors := uniqueCommon(a, b)
	if len(anchors) == 0 {
		*edits = append(*edits, edit{offA, offA + len(a), offB, offB + len(b)})
		return
	}
	i, j := 0, 0
	for _, m := range anchors {
		diffRange(a[i:m.a], b[j:m.b], offA+i, offB+j, edits)
		i, j = m.a+1, m.b+1
	}
	diffRange(a[i:], b[j:], offA+i, offB+j, edits)
}

// myers appends the shortest edits that turn a into b, found by Myers'
// greedy search ("An O(ND) Difference Algorithm and Its Variations",
// 1986), and returns true; or appends nothing and returns false when they
// are more than maxMyersEdits lines.
func myers(a, b []int, offA, offB int, edits *[]edit) bool {
	n, m := len(a), len(b)
	maxD := min(n+m, maxMyersEdits)
	// v[k+maxD] is the furthest x reached on diagonal k = x-y; trace[d]
	// keeps the diagonals -d..d of v after step d, for the way back.
	v := make([]int, 2*maxD+2)
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[k-1+maxD] < v[k+1+maxD] {
				x = v[k+1+maxD] // down: a line of b inserted
			} else {
				x = v[k-1+maxD] + 1 // right: a line of a deleted
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[k+maxD] = x
			if x >= n && y >= m {
				trace = append(trace, slices.Clone(v[maxD-d:maxD+d+1]))
				backtrack(trace, n, m, offA, offB, edits)
				return true
			}
		}
		trace = append(trace, slices.Clone(v[maxD-d:maxD+d+1]))
	}
	return false
}

// backtrack follows the search in trace back from (n, m) and appends the
// edits it took, in order. trace[d] holds the diagonals -d..d after step d.
func backtrack(trace [][]int, n, m, offA, offB int, edits *[]edit) {
	var rev []edit // single-line edits, last first
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		prev := func(k int) int { return trace[d-1][k+d-1] }
		k := x - y
		// Step d came down from diagonal k+1 (a line of b inserted) or
		// right from k-1 (a line of a deleted), as the search chose; the
		// snake after it leads to (x, y) and needs no edit.
		if k == -d || k != d && prev(k-1) < prev(k+1) {
			px := prev(k + 1)
			py := px - (k + 1)
			rev = append(rev, edit{px, px, py, py + 1})
			x, y = px, py
		} else {
			px := prev(k - 1)
			py := px - (k - 1)
			rev = append(rev, edit{px, px + 1, py, py})
			x, y = px, py
		}
	}
	start := len(*edits)
	for i := len(rev) - 1; i >= 0; i-- {
		e := rev[i]
		e = edit{e.a0 + offA, e.a1 + offA, e.b0 + offB, e.b1 + offB}
		// Single-line edits in a row become one.
		if n := len(*edits); n > start && (*edits)[n-1].a1 == e.a0 && (*edits)[n-1].b1 == e.b0 {
			(*edits)[n-1].a1, (*edits)[n-1].b1 = e.a1, e.b1
			continue
		}
		*edits = append(*edits, e)
	}
}

// An anchor pairs line a of one side with line b of the other.
type anchor struct{ a, b int }

// uniqueCommon returns the longest run, in order on both sides, of lines
// that occur exactly once in a and once in b: the anchors of patience
// diff.
func uniqueCommon(a, b []int) []anchor {
	count := make(map[int][2]int)
	pos := make(map[int]int)
	for i, x := range a {
		c := count[x]
		c[0]++
		count[x] = c
		pos[x] = i
	}
	for _, y := range b {
		c := count[y]
		c[1]++
		count[y] = c
	}
	var ms []anchor
	for j, y := range b {
		if c := count[y]; c[0] == 1 && c[1] == 1 {
			ms = append(ms, anchor{pos[y], j})
		}
	}
	// The longest increasing run of a-positions, in b's order, by patience
	// sorting.
	var tops []int // index in ms of the last match of each pile
	prev := make([]int, len(ms))
	for i, m := range ms {
		p, _ := slices.BinarySearchFunc(tops, m.a, func(t, a int) int { return ms[t].a - a })
		prev[i] = -1
		if p > 0 {
			prev[i] = tops[p-1]
		}
		if p == len(tops) {
			tops = append(tops, i)
		} else {
			tops[p] = i
		}
	}
	if len(tops) == 0 {
		return nil
	}
	run := make([]anchor, len(tops))
	for i, t := len(tops)-1, tops[len(tops)-1]; i >= 0; i, t = i-1, prev[t] {
		run[i] = ms[t]
	}
	return run
}
