package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds how messages show robots.txt text: a line as written, a
// value made visible, the start of a long piece of text. Quoting text
// itself is prose.Quote's.

// hereAndMore counts, for a finding reported once on the first of lines,
// the other lines it is about.
func hereAndMore(lines []int) string {
	if n := len(lines) - 1; n > 0 {
		return " (here and on " + prose.Count(n, "more line", "more lines") + ")"
	}
	return ""
}

// lineText returns a directive line as a message quotes it: key, colon,
// value, without the comment.
func lineText(f *syntax.File, i int) string {
	l := &f.Lines[i]
	if l.Kind != syntax.LineDirective {
		return strings.TrimSpace(string(f.Text(syntax.Span{Start: l.Span.Start, End: l.Comment().Start})))
	}
	v := f.Text(l.Value())
	if len(v) == 0 {
		return string(f.Text(l.Key())) + ":"
	}
	return string(f.Text(l.Key())) + ": " + string(v)
}

// quotedValues returns the quoted values of the User-agent lines, for a
// message: "`*`", "`Googlebot`".
func quotedValues(f *syntax.File, lines []int) []string {
	var out []string
	for _, i := range lines {
		out = append(out, prose.Quote(f.Text(f.Lines[i].Value())))
	}
	return out
}

// blankLineHint says what a blank line is made of when an editor would not
// show it: the line ends "\r\r\n", which every parser reads as a line
// ended by a carriage return and a blank line.
func blankLineHint(f *syntax.File, i int) string {
	if i > 0 && f.Lines[i].Text().Len() == 0 && string(f.Text(f.Lines[i-1].EOL())) == "\r" {
		return " (made by a stray carriage return: the line above ends in `\\r\\r\\n`, which many editors show as one line end)"
	}
	return ""
}

// googlePatternText shows a rule's value as Google matches it: bytes from
// 0x80 up percent-encoded, control characters made visible.
func googlePatternText(value string) string {
	var b strings.Builder
	for i := 0; i < len(value); i++ {
		c := value[i]
		switch {
		case c >= 0x80:
			fmt.Fprintf(&b, "%%%02X", c)
		case c < 0x20 || c == 0x7F:
			fmt.Fprintf(&b, "<U+%04X>", c)
		case c == '`':
			b.WriteByte('\'')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// clipEvidence returns s cut to at most n bytes, at a character boundary, so
// that an editor underlines the start of a long line rather than all of it.
func clipEvidence(f *syntax.File, s syntax.Span, n int) syntax.Span {
	if s.Len() <= n {
		return s
	}
	src := f.Bytes()
	end := s.Start + n
	for end > s.Start && !utf8.RuneStart(src[end]) {
		end--
	}
	return syntax.Span{Start: s.Start, End: end}
}

// quoteText returns the start of s as robots.txt text for a message: in
// backquotes, at most n bytes, with control characters and bytes that are
// not UTF-8 shown as escapes.
func quoteText(f *syntax.File, s syntax.Span, n int) string {
	text := f.Text(s)
	head := headText(text, n)
	out := "`" + visibleText(head) + "`"
	if len(head) < len(text) {
		out += "…"
	}
	return out
}

// headText returns the first n bytes of b at most, cut at a character
// boundary.
func headText(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	end := n
	for end > 0 && end > n-utf8.UTFMax && !utf8.RuneStart(b[end]) {
		end--
	}
	return b[:end]
}

// visibleText returns b as text a message can show: control characters,
// invisible characters and bytes that are not UTF-8 written as <U+XXXX>
// or <0xXX>, and backquotes as single quotes, so the text cannot end the
// quotation early.
func visibleText(b []byte) string {
	var out []byte
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			out = fmt.Appendf(out, "<0x%02X>", b[i])
		case r < 0x20 || r == 0x7F || 0x80 <= r && r <= 0x9F || r == 0xFEFF || isInvisibleRune(r):
			out = fmt.Appendf(out, "<U+%04X>", r)
		case r == '`':
			out = append(out, '\'')
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return string(out)
}
