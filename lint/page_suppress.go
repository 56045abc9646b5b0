package lint

import (
	"bytes"
	"slices"
	"sort"

	"github.com/robotslint/robotslint/syntax"
)

// A page's suppression comments are HTML comments that hold what a
// robots.txt suppression comment holds after its "#", the same kinds with
// the same rule names and reason:
//
//	<!-- robotslint:disable-next-line unknown-indexing-rule -- kept for an old crawler -->
//	<meta name="robots" content="noodp">
//
// disable-next-line covers the line after the one the comment ends on,
// disable and enable the lines between them, and disable-file the whole
// page and its X-Robots-Tag headers too: a header is not in the page, so
// no line of it can be named, but a rule turned off for a page is off for
// what the page was served with. A finding is covered when the line it
// starts on is: page rules report a tag, a header part or a marker, never
// a run of lines that a comment could cover in part (compare narrow).
//
// Comments are found by their delimiters in the bytes, not by an HTML
// parser: a "<!--" inside a script's string would be taken for one, but
// a suppression comment there is not something anyone writes.

// pageLines indexes where the lines of a page start.
type pageLines []int

func newPageLines(src []byte) pageLines {
	starts := pageLines{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// at returns the 0-based line of offset.
func (l pageLines) at(offset int) int {
	return sort.Search(len(l), func(i int) bool { return l[i] > offset }) - 1
}

// parsePageSuppressions finds the suppression comments of a page.
func parsePageSuppressions(src []byte, lines pageLines) []*suppression {
	var found []foundSuppression
	for at := 0; ; {
		i := bytes.Index(src[at:], []byte("<!--"))
		if i < 0 {
			break
		}
		start := at + i
		j := bytes.Index(src[start+4:], []byte("-->"))
		if j < 0 {
			break
		}
		end := start + 4 + j + 3
		at = end
		kind, rules, _ := readSuppression(string(src[start+4 : end-3]))
		if len(rules) == 0 {
			continue
		}
		first := lines.at(start)
		s := &suppression{line: first, span: syntax.Span{Start: start, End: end}, kind: kind, rules: rules, used: make([]bool, len(rules))}
		found = append(found, foundSuppression{s, first, lines.at(end - 1)})
	}
	return cover(found, len(lines))
}

// suppressPage applies a page's suppression comments to diags and adds
// the unused ones as findings of unused-suppression.
func suppressPage(src []byte, diags []Diagnostic, rules []*Rule, cfg *Config) []Diagnostic {
	lines := newPageLines(src)
	sups := parsePageSuppressions(src, lines)
	if len(sups) == 0 {
		return diags
	}
	diags = slices.DeleteFunc(diags, func(d Diagnostic) bool {
		covered := false
		for _, s := range sups {
			k := slices.Index(s.rules, d.Rule)
			if k < 0 || d.Header > 0 && s.kind != disableFile || d.Header == 0 && !s.covers(lines.at(d.Span.Start)) {
				continue
			}
			s.used[k] = true
			covered = true
		}
		return covered
	})
	return append(diags, unusedSuppressions(sups, rules, cfg, ScopePage, func(s *suppression) Fix {
		return Fix{Title: "Remove the suppression comment", Safe: true, Edits: []Edit{removePageComment(src, lines, s)}}
	})...)
}

// removePageComment returns the edit that removes suppression comment s:
// its whole line when the line holds nothing else, else the comment and
// the blanks before it. No crawler reads a robotslint comment.
func removePageComment(src []byte, lines pageLines, s *suppression) Edit {
	first, last := lines.at(s.span.Start), lines.at(s.span.End-1)
	lineStart := lines[first]
	lineEnd := len(src)
	if last+1 < len(lines) {
		lineEnd = lines[last+1]
	}
	before := bytes.TrimLeft(src[lineStart:s.span.Start], " \t")
	after := bytes.TrimRight(src[s.span.End:lineEnd], " \t\r\n")
	if len(before) == 0 && len(after) == 0 {
		return Edit{Span: syntax.Span{Start: lineStart, End: lineEnd}}
	}
	start, end := s.span.Start, s.span.End
	if len(before) == 0 {
		// The comment starts the line: the blanks after it go with it.
		for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
	} else {
		for start > lineStart && (src[start-1] == ' ' || src[start-1] == '\t') {
			start--
		}
	}
	return Edit{Span: syntax.Span{Start: start, End: end}}
}
