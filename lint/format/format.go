// Package format lays a robots.txt file out canonically without changing
// what any crawler reads in it.
//
// The layout is one that every crawler reads the same way as the original:
// Format only touches what the syntax tree shows to be whitespace, letter
// case of a known directive name, or the choice of line terminator, and it
// adds or removes blank lines only where no profile of lint/match groups
// lines differently for it. A line the parser noticed something unusual on
// is left byte for byte as it is, because crawlers read such lines in ways
// that differ from the tree (Google cuts a line at a NUL byte, at 16,663
// bytes, and reads lines without a colon that the standards skip).
package format

import (
	"bytes"
	"slices"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// Format returns src in the canonical layout:
//
//   - a known directive name in its canonical case ("user-agent" becomes
//     "User-agent"); other names, misspellings included, stay as written
//   - the colon right after the name, then one space and the value, or
//     nothing when the value is empty
//   - no indentation and no trailing whitespace
//   - a comment after a value separated from it by one space, its text
//     unchanged; a comment line starting at the first column
//   - runs of blank lines collapsed to one, none at the start or the end
//   - one blank line before a user-agent line that starts a new group
//     after rules, where every profile starts one there anyway
//   - every line ending in the file's dominant terminator (LF, CRLF or
//     CR), the last one included; a leading byte order mark kept
//
// Lines the parser recorded a fact on (other than space before the colon
// and several words in a value, which the layout settles) are kept byte for
// byte, only their terminator taking the file's style. A file the parser
// takes for something other than robots.txt text (HTML, XML, JSON, UTF-16,
// binary) is returned unchanged: laying it out as robots.txt would garble
// it, and the fix is to serve a real robots.txt file. Where dropping blank
// lines or indentation would bring bytes of the first line next to the
// byte order mark and so extend it, one blank line stays between them.
//
// RFC 9309 crawlers stop reading at 500 KiB, so moving bytes across that
// offset changes what they read. When src or its formatted layout is
// longer than that, Format only changes the case of directive names before
// the limit, which moves no byte.
//
// Format is idempotent, and the result never aliases src.
func Format(src []byte) []byte {
	f := syntax.Parse(src)
	for _, x := range f.Facts {
		if x.Kind.IsFileKind() {
			return bytes.Clone(src)
		}
	}
	fm := &formatter{f: f, src: src, verbatim: verbatimLines(f)}
	if len(src) <= syntax.SizeLimit {
		if out := fm.layout(); len(out) <= syntax.SizeLimit {
			return out
		}
	}
	return fm.caseOnly()
}

type formatter struct {
	f   *syntax.File
	src []byte
	// verbatim marks the lines to keep byte for byte.
	verbatim []bool
}

// verbatimLines returns, for each line of f, whether it must be kept as it
// is. Any fact marks its line except the two the layout itself resolves:
// whitespace before the colon and whitespace inside the value. New kinds of
// fact therefore freeze their lines until someone decides otherwise.
func verbatimLines(f *syntax.File) []bool {
	verbatim := make([]bool, len(f.Lines))
	for _, x := range f.Facts {
		switch x.Kind {
		case syntax.FactSpaceBeforeColon, syntax.FactMultipleValues, syntax.FactBOM, syntax.FactPartialBOM:
			continue
		}
		if x.Line >= 0 {
			verbatim[x.Line] = true
		}
	}
	for i := range f.Lines {
		// A directive separated by whitespace is a fact already (missing
		// colon); this guards the one assumption the layout makes.
		if l := &f.Lines[i]; l.Kind == syntax.LineDirective && !hasColon(f, l) {
			verbatim[i] = true
		}
	}
	return verbatim
}

func hasColon(f *syntax.File, l *syntax.Line) bool {
	sep := l.Sep()
	return sep.Len() == 1 && f.Bytes()[sep.Start] == ':'
}

// layout returns the file in the full canonical layout.
func (fm *formatter) layout() []byte {
	f, lines := fm.f, fm.f.Lines
	eol := []byte(f.Newline())
	breaks := fm.groupBreaks()
	out := make([]byte, 0, len(fm.src)+len(fm.src)/16+16)
	out = append(out, f.Text(f.BOM)...)
	emitted := false // some line is in out
	for i := 0; i < len(lines); {
		if lines[i].Kind == syntax.LineBlank {
			j, special := i, false
			for j < len(lines) && lines[j].Kind == syntax.LineBlank {
				special = special || fm.verbatim[j]
				j++
			}
			switch {
			case special:
				// A blank line with a vertical tab or form feed is kept,
				// and ends the group for Yandex as any blank line does,
				// so the plain blank lines around it can go.
				for k := i; k < j; k++ {
					if fm.verbatim[k] {
						out = append(append(out, f.Text(lines[k].Text())...), eol...)
						emitted = true
					}
				}
			case emitted && j < len(lines):
				out = append(out, eol...)
			}
			i = j
			continue
		}
		if breaks[i] {
			out = append(out, eol...)
		}
		out = append(fm.appendLine(out, i), eol...)
		emitted = true
		i++
	}
	// Parsers skip the bytes of a byte order mark at the very start of the
	// file, so bytes that dropped blank lines or indentation bring there
	// must stay apart from it: "\n\xEF\xBB\xBFUser-agent: *" is an
	// ignored line, not a user-agent line after a byte order mark.
	if bom := f.BOM.Len(); bomPrefix(out) > bom {
		out = slices.Insert(out, bom, eol...)
	}
	return out
}

// bomPrefix returns how many bytes of the UTF-8 byte order mark b starts
// with.
func bomPrefix(b []byte) int {
	const bom = "\xEF\xBB\xBF"
	n := 0
	for n < len(b) && n < len(bom) && b[n] == bom[n] {
		n++
	}
	return n
}

// appendLine appends line i, without its terminator, in the canonical
// layout or as it is.
func (fm *formatter) appendLine(out []byte, i int) []byte {
	f, l := fm.f, &fm.f.Lines[i]
	if fm.verbatim[i] || l.Kind == syntax.LineInvalid {
		return append(out, f.Text(l.Text())...)
	}
	start := len(out)
	if l.Kind == syntax.LineDirective {
		out = append(out, fm.key(l)...)
		out = append(out, ':')
		if v := l.Value(); v.Len() > 0 {
			out = append(append(out, ' '), f.Text(v)...)
		}
		if c := l.Comment(); c.Len() > 0 {
			out = append(out, ' ')
		}
	}
	out = append(out, f.Text(l.Comment())...)
	// Google keeps only the first 16,663 bytes of a line: a space added
	// after the colon or before the comment must not push a byte of the
	// value out of what it reads.
	if len(out)-start > syntax.GoogleMaxLineBytes {
		out = append(out[:start], f.Text(l.Text())...)
	}
	return out
}

// key returns the directive name of l: the canonical spelling of a
// directive the parser knows, which differs from the key only in case, or
// the key as written.
func (fm *formatter) key(l *syntax.Line) []byte {
	if l.Directive > syntax.DirectiveOther {
		return []byte(l.Directive.Canonical())
	}
	return fm.f.Text(l.Key())
}

// groupBreaks returns the lines before which a blank line goes: the first
// of the comment lines that lead into a user-agent line starting a group
// after another group, or that line itself, when no blank line precedes
// them already.
//
// Yandex and the legacy profile end a group at a blank line; Google and
// RFC 9309 ignore blank lines. A blank line is only added before a
// user-agent line at which every profile starts a new group anyway, so
// the group it closes would have been closed there. The lines it moves
// past are comments, which no profile reads.
func (fm *formatter) groupBreaks() []bool {
	f := fm.f
	breaks := make([]bool, len(f.Lines))
	if len(f.Groups) < 2 {
		return breaks
	}
	starts := make([]int, len(f.Lines)) // how many profiles start a group at each line
	profiles := match.Profiles()
	for _, p := range profiles {
		for _, g := range match.Compile(f, p).Groups {
			starts[g.UserAgents[0]]++
		}
	}
	for _, g := range f.Groups[1:] {
		i := g.First
		if starts[i] != len(profiles) || fm.verbatim[i] {
			continue
		}
		k := i
		for k > 0 && f.Lines[k-1].Kind == syntax.LineComment {
			k--
		}
		if k > 0 && f.Lines[k-1].Kind != syntax.LineBlank {
			breaks[k] = true
		}
	}
	return breaks
}

// caseOnly returns src with the directive names before the size limit in
// their canonical case: the one change that moves no byte.
func (fm *formatter) caseOnly() []byte {
	out := bytes.Clone(fm.src)
	for i := range fm.f.Lines {
		l := &fm.f.Lines[i]
		if l.Kind == syntax.LineDirective && !fm.verbatim[i] && l.Text().End <= syntax.SizeLimit {
			copy(out[l.Key().Start:], fm.key(l))
		}
	}
	return out
}
