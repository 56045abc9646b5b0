package lint

import (
	"bytes"

	"github.com/robotslint/robotslint/syntax"
)

// SuppressPageFix returns the fix that silences d, a finding of a page
// rule, where it starts in the page src: a
// "<!-- robotslint:disable-next-line RULE -->" comment on a line of its
// own above that line, indented as the line is and ended as it is, or
// RULE added to the disable-next-line comment already alone on the line
// above (a second comment would cover only the first). As SuppressFix,
// there is none for unused-suppression, nor for a finding in an
// X-Robots-Tag header, which no comment in the page reaches line by line.
func SuppressPageFix(src []byte, d *Diagnostic) (Fix, bool) {
	if d.Rule == UnusedSuppression.Name || d.Header > 0 {
		return Fix{}, false
	}
	fix := Fix{Title: "Disable " + d.Rule + " for this line", Safe: true}
	at := min(max(d.Span.Start, 0), len(src))
	start := bytes.LastIndexByte(src[:at], '\n') + 1
	if start > 0 {
		prevStart := bytes.LastIndexByte(src[:start-1], '\n') + 1
		prev := src[prevStart : start-1]
		trimmed := bytes.TrimSpace(prev)
		if bytes.HasPrefix(trimmed, []byte("<!--")) && bytes.HasSuffix(trimmed, []byte("-->")) && len(trimmed) >= 7 {
			inner := prevStart + bytes.Index(prev, trimmed) + 4
			comment := src[inner : inner+len(trimmed)-7]
			if kind, names, end := readSuppression(string(comment)); kind == disableNextLine && len(names) > 0 {
				fix.Edits = []Edit{{Span: syntax.Span{Start: inner + end, End: inner + end}, NewText: "," + d.Rule}}
				return fix, true
			}
		}
	}
	indentEnd := start
	for indentEnd < len(src) && (src[indentEnd] == ' ' || src[indentEnd] == '\t') {
		indentEnd++
	}
	newline := "\n"
	if i := bytes.IndexByte(src[start:], '\n'); i > 0 && src[start+i-1] == '\r' {
		newline = "\r\n"
	}
	fix.Edits = []Edit{{Span: syntax.Span{Start: start, End: start}, NewText: string(src[start:indentEnd]) + "<!-- robotslint:" + disableNextLine + " " + d.Rule + " -->" + newline}}
	return fix, true
}
