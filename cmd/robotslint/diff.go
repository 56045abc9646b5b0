package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/robotslint/robotslint/lint/linediff"
)

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

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
	ids := make(map[string]int32)
	intern := func(lines []string) []int32 {
		out := make([]int32, len(lines))
		for i, l := range lines {
			id, ok := ids[l]
			if !ok {
				id = int32(len(ids))
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	edits := linediff.Diff(intern(a), intern(b))

	name := strings.TrimPrefix(strings.TrimPrefix(filepath.ToSlash(path), "./"), "/")
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	for _, h := range hunks(edits, len(a), len(b)) {
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(h.a0, h.a1), hunkRange(h.b0, h.b1))
		i, j := h.a0, h.b0
		for _, e := range edits[h.e0:h.e1] {
			for ; i < e.A0; i, j = i+1, j+1 {
				writeDiffLine(&out, ' ', a[i])
			}
			for ; i < e.A1; i++ {
				writeDiffLine(&out, '-', a[i])
			}
			for ; j < e.B1; j++ {
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

// A hunk is the edits [e0, e1) with their context: the lines [a0, a1) of
// the old file and [b0, b1) of the new.
type hunk struct{ e0, e1, a0, a1, b0, b1 int }

// hunks groups edits whose contexts touch or overlap into hunks, as diff
// and git do.
func hunks(edits []linediff.Run, na, nb int) []hunk {
	var hs []hunk
	for e := 0; e < len(edits); {
		first := edits[e]
		last := e
		for last+1 < len(edits) && edits[last+1].A0-edits[last].A1 <= 2*diffContext {
			last++
		}
		before := min(diffContext, first.A0)
		after := min(diffContext, na-edits[last].A1)
		hs = append(hs, hunk{
			e0: e, e1: last + 1,
			a0: first.A0 - before, a1: edits[last].A1 + after,
			b0: first.B0 - before, b1: edits[last].B1 + after,
		})
		e = last + 1
	}
	return hs
}
