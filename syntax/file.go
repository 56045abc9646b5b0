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
// The parts of a line are stored as offsets from its start in 32 bits, which
// halves the memory a parse takes and most of its time; a line of 4 GiB or
// more cannot be split into parts and is LineInvalid with empty parts.
type Line struct {
	// Span is the whole line, its terminator included. The spans of all
	// lines, after File.BOM, tile the source without gaps.
	Span Span
	// Kind says what the line holds.
	Kind LineKind
	// Directive is the directive named by the key: DirectiveNone unless
	// Kind is LineDirective.
	Directive Directive

	eolLen                   uint8  // length of the terminator: 0, 1 or 2
	keyStart, keyEnd         uint32 // offsets from Span.Start
	sepStart, sepEnd         uint32
	valueStart, valueEnd     uint32
	commentStart, commentEnd uint32
}

func (l *Line) part(start, end uint32) Span {
	return Span{l.Span.Start + int(start), l.Span.Start + int(end)}
}

// EOL returns the line terminator: "\n", "\r\n", "\r", or empty on a last
// line that has none.
func (l *Line) EOL() Span { return Span{l.Span.End - int(l.eolLen), l.Span.End} }

// Text returns the line without its terminator.
func (l *Line) Text() Span { return Span{l.Span.Start, l.Span.End - int(l.eolLen)} }

// Key returns the directive name exactly as written, without surrounding
// whitespace. Empty unless Kind is LineDirective.
func (l *Line) Key() Span { return l.part(l.keyStart, l.keyEnd) }

// Sep returns the separator: the colon, or the run of whitespace that stands
// in for a missing colon. Empty unless Kind is LineDirective.
func (l *Line) Sep() Span { return l.part(l.sepStart, l.sepEnd) }

// Value returns the text after the separator, without surrounding
// whitespace and without the comment. It may be empty.
func (l *Line) Value() Span { return l.part(l.valueStart, l.valueEnd) }

// Comment returns the comment, from '#' to the end of the line with
// trailing whitespace excluded; empty, at the end of the text, when the line
// has none.
func (l *Line) Comment() Span { return l.part(l.commentStart, l.commentEnd) }

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
}

// Bytes returns the source the file was parsed from, byte for byte. The
// slice is the one given to Parse: callers must not modify it.
func (f *File) Bytes() []byte { return f.src }

// Text returns the source bytes covered by s.
func (f *File) Text(s Span) []byte { return f.src[s.Start:s.End] }

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
