// Package sitemap reads sitemaps (sitemaps.org 0.9): XML URL sets, sitemap
// indexes and plain-text lists, gzip-compressed or not.
//
// A Reader is a stream: it holds one entry and encoding/xml's small state at
// a time, never the whole sitemap, so memory does not grow with the number
// of URLs. It never fails on bad input: what is wrong (malformed XML, an
// entity, a BOM, a wrong or missing namespace, HTML served instead, too many
// URLs or bytes) comes back as a Problem with its position, between the
// entries. Like the rest of syntax/, it does no I/O of its own beyond the
// io.Reader it is given, and builds for WebAssembly.
//
// XML goes through encoding/xml in strict mode. Its syntax errors are not
// recoverable, so after Malformed or BadEntity the reader stops, as a
// search engine rejects such a file; the entries before it have been
// returned. A bare & in a <loc> is one of these. The reader does not stop at
// MaxURLs or MaxBytes: it reports each once and goes on, and a caller that
// wants a budget stops calling Next (Bytes says how far it has read).
// TooLarge is placed where the reader was when its read-ahead buffer
// crossed MaxBytes, up to 64 KiB before the byte that did.
package sitemap

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"io"
	"iter"
	"strings"
)

// Namespace is the sitemaps.org 0.9 namespace, which <urlset> and
// <sitemapindex> must declare.
const Namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

// Limits from sitemaps.org: per sitemap file, uncompressed.
const (
	MaxURLs  = 50000
	MaxBytes = 50 * 1024 * 1024 // 52,428,800
)

// Kind is what a sitemap is, known after its first element (or first line).
type Kind uint8

const (
	Unknown Kind = iota // not yet known, or neither (HTML, an unknown root)
	URLSet              // <urlset>: page URLs
	Index               // <sitemapindex>: sitemap URLs
	Text                // one URL a line
)

func (k Kind) String() string {
	return [...]string{"unknown", "urlset", "index", "text"}[k]
}

// Pos is a place in the uncompressed sitemap: a 0-based byte offset and a
// 1-based line and column. Columns count bytes, as encoding/xml's
// Decoder.InputPos does; a caller that shows Unicode columns can convert
// with the line's bytes if it has them.
type Pos struct {
	Offset int64
	Line   int
	Col    int
}

// Entry is one <url> of a URL set, one <sitemap> of an index, or one line
// of a text sitemap.
type Entry struct {
	// Loc is the text of <loc> with entities decoded and surrounding
	// spaces trimmed, or the trimmed line of a text sitemap. It is not
	// validated: relative URLs, spaces and fragments are for rules to judge.
	Loc string
	// LocPos is where the URL text starts (just after <loc>, or at the
	// line's first non-space byte).
	LocPos Pos
	// LastMod is the trimmed text of <lastmod>, "" when absent; LastModPos
	// is where it starts.
	LastMod    string
	LastModPos Pos
	// Pos is where the <url> or <sitemap> element (or the line) starts.
	Pos Pos
	// N is the entry's 1-based number in the sitemap.
	N int
}

// Code names a problem.
type Code uint8

const (
	Malformed      Code = iota + 1 // XML syntax error; reading stops here
	BadEntity                      // an undefined or unescaped entity (&nbsp;, a bare &); reading stops here
	DTD                            // a <!DOCTYPE> or <!ENTITY> declaration
	BOM                            // a UTF-8 byte order mark at the start
	NoNamespace                    // the root element declares no namespace
	WrongNamespace                 // the root element's namespace is not Namespace
	HTML                           // an HTML page served instead of a sitemap; reading stops
	UnknownRoot                    // a root element other than <urlset> or <sitemapindex>; reading stops
	MissingLoc                     // a <url> or <sitemap> without <loc>
	EmptyLoc                       // a <loc> with no text
	TooManyURLs                    // more than MaxURLs entries (reported once, at entry MaxURLs+1)
	TooLarge                       // more than MaxBytes uncompressed (reported once)
	BadGzip                        // a gzip stream that does not decompress; reading stops
	ReadError                      // the underlying reader failed; reading stops
	LongLine                       // a text-sitemap line over maxLine bytes, skipped
)

var codeNames = [...]string{"", "malformed", "bad-entity", "dtd", "bom", "no-namespace", "wrong-namespace",
	"html", "unknown-root", "missing-loc", "empty-loc", "too-many-urls", "too-large", "bad-gzip", "read-error", "long-line"}

func (c Code) String() string {
	if int(c) < len(codeNames) {
		return codeNames[c]
	}
	return "unknown"
}

// Problem is a fact about the sitemap that a rule may report.
type Problem struct {
	Code Code
	// Msg says what was found, lower case ("unexpected end element </url>").
	Msg string
	Pos Pos
}

// Item is what Next returns: an entry, or a problem when Problem.Code != 0.
type Item struct {
	Entry   Entry
	Problem Problem
}

// IsProblem reports whether the item is a problem rather than an entry.
func (it Item) IsProblem() bool { return it.Problem.Code != 0 }

// maxLine bounds a text-sitemap line (sitemaps.org allows 2,048-character
// URLs); longer lines are skipped with LongLine, so memory stays bounded.
const maxLine = 64 * 1024

// Reader reads a sitemap one item at a time.
type Reader struct {
	src     io.Reader
	counter countingReader
	br      *bufio.Reader
	dec     *xml.Decoder
	kind    Kind
	started bool
	done    bool
	queue   []Item // items found and not yet returned, in order, from head
	head    int
	n       int // entries so far
	tooBig  bool
	gz      bool

	// XML state.
	depth    int
	inEntry  bool
	cur      Entry
	field    int // 0 none, 1 loc, 2 lastmod, at depth 3
	text     []byte
	entryTag string
	space    string // the root element's namespace

	lines lineTracker

	// Text state.
	line int
	off  int64
}

// NewReader returns a Reader over r, which may be gzip-compressed (detected
// by its magic bytes, whatever the file is called).
func NewReader(r io.Reader) *Reader {
	return &Reader{src: r}
}

// Kind is the sitemap's kind: Unknown until Next has read the first element
// or line.
func (r *Reader) Kind() Kind { return r.kind }

// Bytes is the number of uncompressed bytes read so far.
func (r *Reader) Bytes() int64 { return r.counter.n }

// countingReader counts the uncompressed bytes, for the MaxBytes limit.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (r *Reader) problem(c Code, msg string, p Pos) {
	r.queue = append(r.queue, Item{Problem: Problem{Code: c, Msg: msg, Pos: p}})
}

// start detects gzip, a BOM and XML or text.
func (r *Reader) start() {
	r.started = true
	raw := bufio.NewReader(r.src)
	var body io.Reader = raw
	if magic, _ := raw.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(raw)
		if err != nil {
			r.problem(BadGzip, "gzip header: "+err.Error(), Pos{Line: 1, Col: 1})
			r.done = true
			return
		}
		zr.Multistream(true)
		body = zr
		r.gz = true
	}
	r.counter.r = body
	r.br = bufio.NewReaderSize(&r.counter, 64*1024)
	if b, _ := r.br.Peek(3); bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		r.problem(BOM, "the file starts with a UTF-8 byte order mark", Pos{Line: 1, Col: 1})
		r.br.Discard(3)
		r.off = 3
	}
	// XML when the first non-space byte is '<'.
	for i := 1; ; i++ {
		b, err := r.br.Peek(i)
		if len(b) < i {
			if err != nil && !errors.Is(err, io.EOF) {
				r.readError(err, Pos{Line: 1, Col: 1})
				return
			}
			r.kind = Text // empty or all spaces
			return
		}
		c := b[i-1]
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			if i >= 4096 {
				break
			}
			continue
		}
		if c == '<' {
			r.lines = lineTracker{br: r.br, line: 1}
			r.dec = xml.NewDecoder(&r.lines)
			r.dec.Strict = true
			// The decoder counts lines from its own start; the BOM is on
			// line 1 and has no newline, so only the offset is shifted.
			return
		}
		break
	}
	r.kind = Text
}

func (r *Reader) readError(err error, p Pos) {
	if r.gz {
		r.problem(BadGzip, "gzip stream: "+err.Error(), p)
	} else {
		r.problem(ReadError, "read: "+err.Error(), p)
	}
	r.done = true
}

// Next returns the next entry or problem, and false at the end.
func (r *Reader) Next() (Item, bool) {
	if !r.started {
		r.start()
	}
	for r.head == len(r.queue) && !r.done {
		if r.kind == Text {
			r.nextLine()
		} else {
			r.nextXML()
		}
	}
	if r.head == len(r.queue) {
		return Item{}, false
	}
	it := r.queue[r.head]
	r.head++
	if r.head == len(r.queue) {
		r.queue, r.head = r.queue[:0], 0 // reuse the array
	}
	return it, true
}

func (r *Reader) checkSize(p Pos) {
	if !r.tooBig && r.counter.n > MaxBytes {
		r.tooBig = true
		r.problem(TooLarge, "the sitemap is over 50 MB (52,428,800 bytes) uncompressed", p)
	}
}

func (r *Reader) entry(e Entry) {
	r.n++
	e.N = r.n
	if r.n == MaxURLs+1 {
		what := "URLs"
		if r.kind == Index {
			what = "sitemaps"
		}
		r.problem(TooManyURLs, "the sitemap lists more than 50,000 "+what, e.Pos)
	}
	r.queue = append(r.queue, Item{Entry: e})
}

// pos is the decoder's current position.
func (r *Reader) pos() Pos {
	off := r.dec.InputOffset()
	line, col := r.lines.at(off)
	if line == 1 {
		col += int(r.off) // the decoder starts after a BOM
	}
	return Pos{Offset: off + r.off, Line: line, Col: col}
}

// lineTracker feeds the decoder byte by byte and remembers where the last
// two lines start. The decoder's own InputPos gives column 0 after it puts
// back a newline it read ahead ("<\n"); the decoder puts back at most one
// byte, so two line starts are enough to place any offset it reports.
type lineTracker struct {
	br          *bufio.Reader
	off         int64
	line        int
	start, prev int64
	err         error // the last read error other than io.EOF
}

func (t *lineTracker) ReadByte() (byte, error) {
	c, err := t.br.ReadByte()
	if err != nil && err != io.EOF {
		t.err = err
	}
	if err == nil {
		t.off++
		if c == '\n' {
			t.line++
			t.prev, t.start = t.start, t.off
		}
	}
	return c, err
}

func (t *lineTracker) Read(p []byte) (int, error) {
	for i := range p {
		c, err := t.ReadByte()
		if err != nil {
			return i, err
		}
		p[i] = c
	}
	return len(p), nil
}

// at is the 1-based line and byte column of an offset at or just before
// the last byte read.
func (t *lineTracker) at(off int64) (line, col int) {
	if off >= t.start || t.line == 1 {
		return t.line, int(off-t.start) + 1
	}
	return t.line - 1, int(off-t.prev) + 1
}

func (r *Reader) nextXML() {
	before := r.pos()
	tok, err := r.dec.Token()
	if err != nil {
		r.done = true
		if errors.Is(err, io.EOF) {
			if r.kind == Unknown && r.depth == 0 {
				r.problem(Malformed, "no root element", before)
			}
			r.checkSize(r.pos())
			return
		}
		var se *xml.SyntaxError
		if errors.As(err, &se) {
			p := r.pos()
			code := Malformed
			if strings.Contains(se.Msg, "entity") {
				code = BadEntity
			}
			r.problem(code, se.Msg, p)
			return
		}
		if r.lines.err != nil && errors.Is(err, r.lines.err) {
			r.done = false
			r.readError(err, r.pos())
			return
		}
		// The decoder's own non-syntax errors: a declared encoding other
		// than UTF-8 (sitemaps must be UTF-8), a bad xmlns prefix.
		r.problem(Malformed, strings.TrimPrefix(err.Error(), "xml: "), r.pos())
	}
	r.checkSize(r.pos())
	switch t := tok.(type) {
	case xml.StartElement:
		r.depth++
		r.startElement(t, before)
	case xml.EndElement:
		r.endElement(t)
		r.depth--
	case xml.CharData:
		if r.inEntry && r.field != 0 && r.depth == 3 && len(r.text) < maxLine {
			r.text = append(r.text, t...)
		}
	case xml.Directive:
		d := strings.TrimSpace(string(t))
		if r.kind == Unknown && len(d) >= 12 && strings.EqualFold(d[:12], "DOCTYPE html") {
			r.problem(HTML, "an HTML page, not a sitemap", before)
			r.done = true
			return
		}
		if strings.Contains(d, "ENTITY") {
			r.problem(DTD, "a document type declaration with entities; sitemaps may use only the five XML entities", before)
		} else {
			r.problem(DTD, "a document type declaration, which sitemaps do not have", before)
		}
	}
}

func (r *Reader) startElement(t xml.StartElement, at Pos) {
	if r.depth == 1 {
		switch strings.ToLower(t.Name.Local) {
		case "urlset":
			r.kind, r.entryTag = URLSet, "url"
		case "sitemapindex":
			r.kind, r.entryTag = Index, "sitemap"
		case "html":
			r.problem(HTML, "an HTML page, not a sitemap", at)
			r.done = true
			return
		default:
			r.problem(UnknownRoot, "root element <"+t.Name.Local+">, not <urlset> or <sitemapindex>", at)
			r.done = true
			return
		}
		if t.Name.Local != strings.ToLower(t.Name.Local) {
			r.problem(UnknownRoot, "element names are case-sensitive: <"+t.Name.Local+"> is not <"+strings.ToLower(t.Name.Local)+">", at)
		}
		r.space = t.Name.Space
		switch t.Name.Space {
		case Namespace:
		case "":
			r.problem(NoNamespace, "<"+t.Name.Local+"> declares no namespace; it needs xmlns=\""+Namespace+"\"", at)
		default:
			r.problem(WrongNamespace, "<"+t.Name.Local+"> has namespace \""+t.Name.Space+"\", not \""+Namespace+"\"", at)
		}
		return
	}
	// Children are matched by local name so that a sitemap with a wrong
	// namespace (reported once at the root) still yields its URLs.
	if r.depth == 2 && t.Name.Local == r.entryTag && sameSpace(t.Name.Space, r) {
		r.inEntry = true
		r.cur = Entry{Pos: at}
		return
	}
	if r.depth == 3 && r.inEntry && sameSpace(t.Name.Space, r) {
		switch t.Name.Local {
		case "loc":
			r.field = 1
			r.cur.LocPos = r.pos()
			r.cur.Loc = "\x00" // present, text pending
		case "lastmod":
			r.field = 2
			r.cur.LastModPos = r.pos()
		}
		r.text = r.text[:0]
	}
}

// sameSpace accepts a child element in the sitemap namespace or in the
// root's (so that <loc> inside an image:image or xhtml:link is not taken).
func sameSpace(space string, r *Reader) bool {
	return space == Namespace || space == r.space
}

func (r *Reader) endElement(t xml.EndElement) {
	switch {
	case r.depth == 3 && r.inEntry && r.field != 0:
		s := strings.TrimSpace(string(r.text))
		if r.field == 1 {
			r.cur.Loc = s
			if s == "" {
				r.problem(EmptyLoc, "<loc> is empty", r.cur.LocPos)
			}
		} else {
			r.cur.LastMod = s
		}
		r.field = 0
	case r.depth == 2 && r.inEntry:
		r.inEntry = false
		switch r.cur.Loc {
		case "\x00":
			r.cur.Loc = ""
		case "":
			if r.cur.LocPos.Line == 0 {
				r.problem(MissingLoc, "<"+r.entryTag+"> has no <loc>", r.cur.Pos)
				return
			}
		}
		if r.cur.Loc != "" {
			r.entry(r.cur)
		}
	}
}

// nextLine reads one line of a text sitemap.
func (r *Reader) nextLine() {
	line, err := r.br.ReadSlice('\n')
	r.line++
	start := r.off
	r.off += int64(len(line))
	long := false
	for errors.Is(err, bufio.ErrBufferFull) {
		long = true
		var more []byte
		more, err = r.br.ReadSlice('\n')
		r.off += int64(len(more))
	}
	if err != nil && !errors.Is(err, io.EOF) {
		r.readError(err, Pos{Offset: r.off, Line: r.line, Col: 1})
		return
	}
	if errors.Is(err, io.EOF) {
		r.done = true
	}
	p := Pos{Offset: start, Line: r.line, Col: 1}
	if r.line == 1 {
		p.Col += int(start) // after a BOM
	}
	r.checkSize(p)
	if long {
		r.problem(LongLine, "a line over 64 KiB, skipped", p)
		return
	}
	// Trim spaces; the BOM (if any) was already skipped on line 1.
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	j := len(line)
	for j > i && (line[j-1] == ' ' || line[j-1] == '\t' || line[j-1] == '\r' || line[j-1] == '\n') {
		j--
	}
	if i == j {
		return
	}
	p.Offset += int64(i)
	p.Col += i
	r.entry(Entry{Loc: string(line[i:j]), LocPos: p, Pos: p})
}

// All returns the remaining items as a Go iterator:
//
//	for it := range sitemap.NewReader(rd).All() { ... }
func (r *Reader) All() iter.Seq[Item] {
	return func(yield func(Item) bool) {
		for it, ok := r.Next(); ok; it, ok = r.Next() {
			if !yield(it) {
				return
			}
		}
	}
}
