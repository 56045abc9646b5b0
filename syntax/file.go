// Package syntax turns the bytes of a robots.txt file into a lossless,
// fault-tolerant tree of lines, groups and records.
//
// Parse accepts any byte sequence and never fails: every byte of the input
// belongs to exactly one node (the leading byte order mark or one line), so
// the tree gives back its input byte for byte. The parser records facts about
// what it saw (a missing colon, a control character, a file that is really
// HTML) and judges nothing; deciding what a fact means for a crawler is the
// job of the lint rules.
//
// The package imports only the standard library, so the same code serves the
// command line, the language server and a WebAssembly build.
package syntax

import "sync/atomic"

// Span is a half-open range [Start, End) of byte offsets into the source.
// An empty span still has a position: a missing value, for example, is the
// empty span just after its separator, which is where a fix would insert one.
type Span struct {
	Start, End int
}

// Len returns the number of bytes in s.
func (s Span) Len() int { return s.End - s.Start }

// Contains reports whether offset off lies inside s.
func (s Span) Contains(off int) bool { return s.Start <= off && off < s.End }

// LineKind classifies a line.
type LineKind uint8

// The kinds of line.
const (
	// LineBlank holds nothing but spaces, tabs, vertical tabs or form feeds.
	LineBlank LineKind = iota
	// LineComment holds a comment and nothing else but whitespace before it.
	LineComment
	// LineDirective holds a key and a value, separated by a colon or, when
	// the colon is missing, by whitespace between exactly two words.
	LineDirective
	// LineInvalid holds text that is neither: no colon and not two words,
	// or nothing before the colon. A Fact of kind FactNoSeparator or
	// FactEmptyKey says which.
	LineInvalid
)

var lineKindNames = [...]string{"blank", "comment", "directive", "invalid"}

func (k LineKind) String() string {
	if int(k) < len(lineKindNames) {
		return lineKindNames[k]
	}
	return "LineKind(?)"
}

// Line is one line of the file. Lines end at LF, CRLF or a lone CR, as RFC
// 9309 and Google's parser split them.
//
// The parts of a line are stored as 24-bit offsets from its start, which
// keeps a Line at 40 bytes: a parse writes one per line, and its time goes
// largely to writing them. A line of 16 MiB or more (a thousand times the
// length Google reads, in a file thirty times the size any crawler reads)
// cannot be split into parts and is LineInvalid with empty parts.
type Line struct {
	// Span is the whole line, its terminator included. The spans of all
	// lines, after File.BOM, tile the source without gaps.
	Span Span
	// Kind says what the line holds.
	Kind LineKind
	// Directive is the directive named by the key: DirectiveNone unless
	// Kind is LineDirective.
	Directive Directive

	// flags holds the length of the terminator (0, 1 or 2) in its low two
	// bits, and flagColon.
	flags uint8
	// hi and lo hold the high 8 and low 16 bits of each part's offset from
	// Span.Start, indexed by the part constants. The separator's end is not
	// stored: it is one past its start when the separator is a colon, and
	// the value's start otherwise.
	hi [numParts]uint8
	lo [numParts]uint16
}

const (
	eolMask   = 3 // the bits of Line.flags that hold the terminator's length
	flagColon = 4 // the separator is a colon
)

// The parts of a line, as indices of Line.hi and Line.lo.
const (
	partKeyStart = iota
	partKeyEnd
	partSepStart
	partValueStart
	partValueEnd
	partCommentStart
	partCommentEnd
	numParts
)

// maxLineParts is the length of the longest line whose parts a Line can
// hold.
const maxLineParts = 1<<24 - 1

func (l *Line) offset(k int) int { return l.Span.Start + (int(l.lo[k]) | int(l.hi[k])<<16) }

// setOffset sets part k to off, an offset from l.Span.Start of at most
// maxLineParts.
func (l *Line) setOffset(k, off int) { l.lo[k], l.hi[k] = uint16(off), uint8(off>>16) }

func (l *Line) part(start, end int) Span { return Span{l.offset(start), l.offset(end)} }

func (l *Line) eolLen() int { return int(l.flags & eolMask) }

// EOL returns the line terminator: "\n", "\r\n", "\r", or empty on a last
// line that has none.
func (l *Line) EOL() Span { return Span{l.Span.End - l.eolLen(), l.Span.End} }

// Text returns the line without its terminator.
func (l *Line) Text() Span { return Span{l.Span.Start, l.Span.End - l.eolLen()} }

// Key returns the directive name exactly as written, without surrounding
// whitespace. Empty unless Kind is LineDirective.
func (l *Line) Key() Span { return l.part(partKeyStart, partKeyEnd) }

// Sep returns the separator: the colon, or the run of whitespace that stands
// in for a missing colon. Empty unless Kind is LineDirective.
func (l *Line) Sep() Span {
	start := l.offset(partSepStart)
	if l.flags&flagColon != 0 {
		return Span{start, start + 1}
	}
	return Span{start, l.offset(partValueStart)}
}

// Value returns the text after the separator, without surrounding
// whitespace and without the comment. It may be empty.
func (l *Line) Value() Span { return l.part(partValueStart, partValueEnd) }

// Comment returns the comment, from '#' to the end of the line with
// trailing whitespace excluded; empty, at the end of the text, when the line
// has none.
func (l *Line) Comment() Span { return l.part(partCommentStart, partCommentEnd) }

// File is a parsed robots.txt file.
type File struct {
	src []byte
	// BOM is the UTF-8 byte order mark at the start of the file, or the one
	// or two leading bytes of one (which Google's parser also skips); empty
	// when the file does not start with 0xEF.
	BOM Span
	// Lines are the lines of the file in order; an empty file has none, and
	// a final line terminator does not start another line.
	Lines []Line
	// Groups are the groups as RFC 9309 §2.1 defines them.
	Groups []Group
	// Records are the records as the 1994 standard defines them.
	Records []Record
	// Facts are what the parser noticed, in the order of the lines they are
	// on; file-level facts (FactHTML, FactPastSizeLimit...) come at the line
	// their evidence starts on.
	Facts []Fact

	index LineIndex
	// prefix is the last file Prefix parsed, kept for the next caller.
	prefix atomic.Pointer[File]
}

// Prefix returns the file's first n bytes parsed as a file of their own,
// or f itself when it is no longer: what a crawler that stops reading
// after n bytes reads, the line across them cut short. Lines before the
// cut are the same in both, at the same indices. The result is kept, so
// that everything that reads a file through one size limit (every profile
// has the same) shares one parse.
func (f *File) Prefix(n int) *File {
	if n >= len(f.src) {
		return f
	}
	if p := f.prefix.Load(); p != nil && len(p.src) == n {
		return p
	}
	p := Parse(f.src[:n:n])
	f.prefix.Store(p)
	return p
}

// Bytes returns the source the file was parsed from, byte for byte. The
// slice is the one given to Parse: callers must not modify it.
func (f *File) Bytes() []byte { return f.src }

// Text returns the source bytes covered by s. Its capacity ends with it,
// so that appending to it copies rather than writing over the source that
// follows, which other rules, running at the same time, are reading.
func (f *File) Text(s Span) []byte { return f.src[s.Start:s.End:s.End] }

// LineIndex returns the index that converts between byte offsets and line
// and column positions in this file.
func (f *File) LineIndex() *LineIndex { return &f.index }

// LineAt returns the index in f.Lines of the line that contains offset off,
// or -1 when off lies in the byte order mark or outside the file. The
// offset len(src) belongs to the last line when that line has no
// terminator.
func (f *File) LineAt(off int) int {
	if off < f.BOM.End || off > len(f.src) {
		return -1
	}
	i := f.index.line(off)
	if i >= len(f.Lines) {
		return -1
	}
	return i
}
