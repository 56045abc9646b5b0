package lint

import (
	"bytes"
	"cmp"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/syntax"
)

// ApplyFixes applies to src, for each diagnostic, its first fix that is
// safe, or its first fix of any kind when unsafe is true. A fix whose edits
// overlap those of a fix already taken, or insert where one already edits,
// is skipped: the next round of FixAll sees it again if it still applies.
// It returns the new source and the diagnostics whose fix was applied.
func ApplyFixes(src []byte, diags []Diagnostic, unsafe bool) ([]byte, []Diagnostic) {
	return applyFixes(src, diags, unsafe, "\n")
}

// applyFixes is ApplyFixes ending the lines the edits write with newline
// rather than "\n" (see FixAll).
func applyFixes(src []byte, diags []Diagnostic, unsafe bool, newline string) ([]byte, []Diagnostic) {
	var edits []Edit
	var applied []Diagnostic
	for _, d := range diags {
		i := slices.IndexFunc(d.Fixes, func(f Fix) bool { return f.Safe || unsafe })
		if i < 0 || !validEdits(d.Fixes[i].Edits, len(src)) || conflicts(edits, d.Fixes[i].Edits) || sameLine(src, edits, d.Fixes[i].Edits) {
			continue
		}
		edits = append(edits, d.Fixes[i].Edits...)
		applied = append(applied, d)
	}
	if len(edits) == 0 {
		return src, nil
	}
	slices.SortFunc(edits, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.Span.Start, b.Span.Start), cmp.Compare(a.Span.End, b.Span.End))
	})
	var out bytes.Buffer
	at := 0
	for _, e := range edits {
		out.Write(src[at:e.Span.Start])
		writeLines(&out, e.NewText, newline)
		at = e.Span.End
	}
	out.Write(src[at:])
	return out.Bytes(), applied
}

// writeLines writes text to out with each "\n" that does not end a "\r\n"
// written as newline.
func writeLines(out *bytes.Buffer, text, newline string) {
	if newline == "\n" {
		out.WriteString(text)
		return
	}
	for {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			out.WriteString(text)
			return
		}
		if i > 0 && text[i-1] == '\r' {
			out.WriteString(text[:i+1])
		} else {
			out.WriteString(text[:i])
			out.WriteString(newline)
		}
		text = text[i+1:]
	}
}

// validEdits reports whether every edit lies inside a source of n bytes
// and no two of them overlap.
func validEdits(edits []Edit, n int) bool {
	for i, e := range edits {
		if e.Span.Start < 0 || e.Span.Start > e.Span.End || e.Span.End > n {
			return false
		}
		if conflicts(edits[:i], edits[i:i+1]) {
			return false
		}
	}
	return true
}

// conflicts reports whether an edit of b overlaps an edit of a, or shares
// its start, which would leave the order of the two texts undefined.
func conflicts(a, b []Edit) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Span.Start == y.Span.Start || x.Span.Start < y.Span.End && y.Span.Start < x.Span.End {
				return true
			}
		}
	}
	return false
}

// sameLine reports whether an edit of b lies on a line an edit of a
// touches. Two fixes of one line, each right alone, can make nonsense
// together ("Disallow /a:b" given a colon and a leading slash becomes
// "Disallow: /a:/b"), so a line takes one fix a round; the next round
// re-lints the fixed line and offers what still applies.
func sameLine(src []byte, a, b []Edit) bool {
	for _, x := range a {
		for _, y := range b {
			lo, hi := min(x.Span.End, y.Span.End), max(x.Span.Start, y.Span.Start)
			switch {
			case lo < hi && !bytes.ContainsAny(src[lo:hi], "\r\n"):
				return true
			case lo == hi && (lo == 0 || src[lo-1] != '\n' && src[lo-1] != '\r'):
				// Touching in mid-line; edits that meet at a line start,
				// such as the deletions of two adjacent lines, are on
				// lines of their own.
				return true
			case lo > hi:
				return true
			}
		}
	}
	return false
}

// maxFixRounds bounds FixAll: fixes that keep enabling each other would
// otherwise never settle. A round applies one fix a line, and fixes that
// move lines can need a round each.
const maxFixRounds = 100

// FixAll lints src and applies fixes (safe ones, and unsafe ones too when
// unsafe is true), then lints the result again, until no fix applies. It
// returns the fixed source and the diagnostics it fixed, in the order they
// were fixed. The lines the fixes write end as the file's lines mostly do
// (syntax.File.Newline): rules write "\n", and a file of CRLF lines keeps
// CRLF lines.
func FixAll(src []byte, rules []*Rule, cfg *Config, unsafe bool) ([]byte, []Diagnostic) {
	var fixed []Diagnostic
	for range maxFixRounds {
		f := syntax.Parse(src)
		out, applied := applyFixes(src, LintFile(f, rules, cfg), unsafe, f.Newline())
		if len(applied) == 0 || bytes.Equal(out, src) {
			break
		}
		src, fixed = out, append(fixed, applied...)
	}
	return src, fixed
}
