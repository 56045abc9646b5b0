package output

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// TextOptions say how WriteText writes.
type TextOptions struct {
	// Color writes ANSI colours and bold, as clang and rustc do on a
	// terminal. Without it the output holds no escape sequence at all.
	Color bool
	// FixHint adds to the summary how many findings --fix and
	// --unsafe-fixes would fix.
	FixHint bool
}

// WriteText writes each diagnostic for people to read, the way compilers
// do: "path:line:col: severity: message [rule]", the source line with the
// range underlined, and a note line per related place. A summary line
// follows the last file.
func WriteText(w io.Writer, files []File, opt TextOptions) error {
	// A bufio.Writer keeps the first write error and ignores later writes,
	// so the printing code needs no error checks until Flush.
	t := &textWriter{w: bufio.NewWriter(w), color: opt.Color}
	for _, f := range files {
		for _, d := range f.Diagnostics {
			t.diagnostic(f, d)
		}
	}
	t.summary(files, opt.FixHint)
	return t.w.Flush()
}

// SGR parameters of the styles, chosen as clang and rustc choose theirs.
const (
	styleLocation = "1"    // bold
	styleMessage  = "1"    // bold
	styleError    = "1;31" // bold red
	styleWarning  = "1;33" // bold yellow
	styleInfo     = "1;34" // bold blue
	styleHint     = "1;36" // bold cyan
	styleNote     = "1"    // bold: clang's notes have no colour of their own
	styleCaret    = "1;32" // bold green
	styleGutter   = "1;34" // bold blue, rustc's line-number gutter
)

func severityStyle(s lint.Severity) string {
	switch s {
	case lint.Error:
		return styleError
	case lint.Warning:
		return styleWarning
	case lint.Info:
		return styleInfo
	}
	return styleHint
}

type textWriter struct {
	w     *bufio.Writer
	color bool
	// Scratch space for excerpts, reused from one to the next: a file of
	// thousands of findings otherwise leaves as much garbage as it is long.
	cells []cell
	line  []byte
}

// paint returns s in the style, or s itself without colour.
func (t *textWriter) paint(style, s string) string {
	if !t.color || s == "" {
		return s
	}
	return "\x1b[" + style + "m" + s + "\x1b[0m"
}

func (t *textWriter) diagnostic(f File, d lint.Diagnostic) {
	path := printable(f.Path)
	pos := f.text().position(d.Span.Start)
	fmt.Fprintf(t.w, "%s %s %s [%s]\n",
		t.paint(styleLocation, fmt.Sprintf("%s:%d:%d:", path, pos.Line, pos.Column)),
		t.paint(severityStyle(d.Severity), d.Severity.String()+":"),
		t.paint(styleMessage, printable(d.Message)),
		printable(d.Rule))
	if f.text().kept() {
		t.excerpt(f.File, d.Span, pos.Line)
	}
	if note := urlsNote(d); note != "" {
		fmt.Fprintf(t.w, "  %s\n", printable(note))
	}
	for _, r := range d.Related {
		rf, rpath, rspan := f.relatedPlace(r)
		rp := rf.position(rspan.Start)
		fmt.Fprintf(t.w, "  %s %s %s\n",
			t.paint(styleLocation, fmt.Sprintf("%s:%d:%d:", printable(rpath), rp.Line, rp.Column)),
			t.paint(styleNote, "note:"),
			printable(r.Message))
	}
	t.w.WriteString("\n")
}

// The layout of a source excerpt.
const (
	tabWidth = 4   // a tab advances to the next multiple of 4 columns, as rustc shows it
	maxShown = 120 // the most columns of a source line shown, ellipses included
	ellipsis = "..."
	// contextBefore is how many columns a shortened line keeps before the
	// range, so that the reader sees what the range follows.
	contextBefore = 40
)

// excerpt writes line of f, which holds the start of span, under a gutter
// with its number, and under it a caret at the start of span and tildes to
// its end or to the end of the line, whichever comes first.
func (t *textWriter) excerpt(f *syntax.File, span syntax.Span, line int) {
	x := f.LineIndex()
	start := x.Offset(syntax.Position{Line: line, Column: 1})
	end := x.Offset(syntax.Position{Line: line, Column: math.MaxInt32}) // the end of the line's text
	t.cells = layout(t.cells[:0], f.Bytes()[start:end], start)
	cells := t.cells

	// Columns on screen, from the start of the line: where the range starts
	// and where its underline ends.
	from, to := 0, 0
	for _, c := range cells {
		if c.off < span.Start {
			from += c.width
		} else if c.off < span.End {
			to += c.width
		}
	}
	to += from
	total := 0
	for _, c := range cells {
		total += c.width
	}

	// Shorten a long line to a window of columns around the range's start.
	lo, hi := 0, total
	if total > maxShown {
		room := maxShown - 2*len(ellipsis)
		lo = max(0, min(from-contextBefore, total-room))
		hi = lo + room
	}
	text := t.line[:0]
	col, shownFrom, shownTo := 0, -1, lo
	for _, c := range cells {
		if col >= lo && col+c.width <= hi {
			if shownFrom < 0 {
				shownFrom = col
			}
			shownTo = col + c.width
			text = append(text, c.text...)
		}
		col += c.width
	}
	if shownFrom < 0 {
		shownFrom = lo
	}
	prefix, suffix := "", ""
	if shownFrom > 0 {
		prefix = ellipsis
	}
	if shownTo < total {
		suffix = ellipsis
	}

	caretAt := len(prefix) + from - shownFrom
	width := max(1, min(to, shownTo)-from)
	underline := "^" + strings.Repeat("~", width-1)

	number := strconv.Itoa(line)
	blank := strings.Repeat(" ", len(number))
	t.line = text
	fmt.Fprintf(t.w, "%s %s%s%s\n", t.paint(styleGutter, " "+number+" |"), prefix, text, suffix)
	fmt.Fprintf(t.w, "%s %s%s\n", t.paint(styleGutter, " "+blank+" |"), strings.Repeat(" ", caretAt), t.paint(styleCaret, underline))
}

// A cell is how one character of a source line shows on screen.
type cell struct {
	off   int    // the character's offset in the file
	text  string // what is printed for it
	width int    // the columns it takes
}

// layout appends to cells the cells of line, which starts at offset start. Tabs
// become spaces, so that the underline lines up whatever the terminal's tab
// stops; characters a terminal would act on or hide (control characters,
// bidirectional overrides, the byte order mark) and bytes that are not UTF-8
// show as escapes, so that a file cannot write to the terminal and every
// character the range covers is seen.
func layout(cells []cell, line []byte, start int) []cell {
	s := string(line)
	col := 0
	for i := 0; i < len(s); {
		var c cell
		var size int
		if s[i] == '\t' {
			n := tabWidth - col%tabWidth
			c, size = cell{text: strings.Repeat(" ", n), width: n}, 1
		} else {
			var text string
			text, size = glyph(s[i:])
			c = cell{text: text, width: stringWidth(text)}
		}
		c.off = start + i
		cells = append(cells, c)
		col += c.width
		i += size
	}
	return cells
}

// glyph returns how the character at the start of s is printed and its size
// in bytes: the character itself, or an escape for a byte that is not UTF-8
// (\xFF, as "robotslint explain" shows one) and for a character a terminal
// would not show as itself (\x1B, \uFEFF).
func glyph(s string) (string, int) {
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Sprintf(`\x%02X`, s[0]), 1
	case r < 0x80 && (r < 0x20 || r == 0x7f):
		return fmt.Sprintf(`\x%02X`, r), size
	case hidden(r):
		return fmt.Sprintf(`\u%04X`, r), size
	}
	return s[:size], size
}

// hidden reports whether a terminal would act on r or show nothing for it:
// C1 controls, format characters such as bidirectional overrides, zero-width
// spaces and the byte order mark, and the Unicode line and paragraph
// separators.
func hidden(r rune) bool {
	return (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 || unicode.Is(unicode.Cf, r)
}

// printable returns s with the characters glyph escapes escaped, for
// messages and paths, which may quote the file.
func printable(s string) string {
	// Nearly every message and path prints as it is: copy only from the
	// first character that does not.
	i := 0
	for i < len(s) {
		text, size := glyph(s[i:])
		if text != s[i:i+size] {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		text, size := glyph(s[i:])
		b.WriteString(text)
		i += size
	}
	return b.String()
}

// stringWidth returns the columns s takes on a terminal.
func stringWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

// runeWidth returns the columns r takes on a terminal: none for a combining
// mark, two for a wide character, one otherwise. It approximates Unicode's
// East Asian Width (UAX #11) with the blocks of wide characters, which is
// enough to keep an underline under Chinese, Japanese, Korean and emoji.
func runeWidth(r rune) int {
	if unicode.In(r, unicode.Mn, unicode.Me) {
		return 0
	}
	for _, w := range wideRanges {
		if r < w[0] {
			break
		}
		if r <= w[1] {
			return 2
		}
	}
	return 1
}

// wideRanges are the blocks of wide and fullwidth characters, in order.
var wideRanges = [...][2]rune{
	{0x1100, 0x115f},   // Hangul Jamo initial consonants
	{0x2e80, 0x303e},   // CJK radicals, Kangxi radicals, CJK symbols and punctuation
	{0x3041, 0x33ff},   // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
	{0x3400, 0x4dbf},   // CJK unified ideographs extension A
	{0x4e00, 0x9fff},   // CJK unified ideographs
	{0xa000, 0xa4cf},   // Yi
	{0xa960, 0xa97f},   // Hangul Jamo extended A
	{0xac00, 0xd7a3},   // Hangul syllables
	{0xf900, 0xfaff},   // CJK compatibility ideographs
	{0xfe10, 0xfe19},   // vertical forms
	{0xfe30, 0xfe6f},   // CJK compatibility forms, small form variants
	{0xff00, 0xff60},   // fullwidth forms
	{0xffe0, 0xffe6},   // fullwidth signs
	{0x1f300, 0x1f64f}, // miscellaneous symbols and pictographs, emoticons
	{0x1f900, 0x1f9ff}, // supplemental symbols and pictographs
	{0x20000, 0x3fffd}, // CJK unified ideographs extensions B and later
}

// summary writes the line after the last file: how many problems of each
// severity in how many files, and what --fix did or would do.
func (t *textWriter) summary(files []File, fixHint bool) {
	var bySeverity [lint.Off]int
	total, withProblems, fixed, safe, unsafeOnly := 0, 0, 0, 0, 0
	for _, f := range files {
		for _, d := range f.Diagnostics {
			if d.Severity < lint.Off {
				bySeverity[d.Severity]++
			}
		}
		total += len(f.Diagnostics)
		if len(f.Diagnostics) > 0 {
			withProblems++
		}
		fixed += f.Fixed
		s, u := fixCounts(f.Diagnostics)
		safe += s
		unsafeOnly += u
	}

	var line string
	switch {
	case total == 0 && fixed == 0:
		line = "No problems found in " + prose.Count(len(files), "file", "files")
	case total == 0:
		line = "No problems left in " + prose.Count(len(files), "file", "files")
	default:
		var kinds []string
		for s, name := range [...][2]string{lint.Error: {"error", "errors"}, lint.Warning: {"warning", "warnings"},
			lint.Info: {"info", "info"}, lint.Hint: {"hint", "hints"}} {
			if n := bySeverity[s]; n > 0 {
				kinds = append(kinds, prose.Count(n, name[0], name[1]))
			}
		}
		in := prose.Count(withProblems, "file", "files")
		if withProblems < len(files) {
			in = prose.Int(withProblems) + " of " + prose.Count(len(files), "file", "files")
		}
		line = fmt.Sprintf("Found %s (%s) in %s", prose.Count(total, "problem", "problems"), strings.Join(kinds, ", "), in)
	}

	var notes []string
	if fixed > 0 {
		notes = append(notes, prose.Int(fixed)+" fixed")
	}
	if fixHint {
		if safe > 0 {
			notes = append(notes, prose.Int(safe)+" fixable with --fix")
		}
		switch {
		case unsafeOnly > 0 && safe > 0:
			notes = append(notes, prose.Int(unsafeOnly)+" more with --unsafe-fixes")
		case unsafeOnly > 0:
			notes = append(notes, prose.Int(unsafeOnly)+" fixable with --unsafe-fixes")
		}
	}
	if len(notes) > 0 {
		line += "; " + strings.Join(notes, ", ")
	}
	t.w.WriteString(t.paint(styleLocation, line+".") + "\n")
}
