// Package sitemap reads sitemaps (sitemaps.org 0.9): XML URL sets, sitemap
// indexes and plain-text lists, gzip-compressed or not.
//
// A Reader is a stream: it holds a 64 KiB read-ahead buffer, the open
// elements' names and one entry at a time, never the whole sitemap, so
// memory does not grow with the number of URLs. It never fails on bad
// input: what is wrong (malformed XML, an entity, a BOM, a wrong or missing
// namespace, HTML served instead, too many URLs or bytes) comes back as a
// Problem with its position, between the entries. Like the rest of syntax/,
// it does no I/O of its own beyond the io.Reader it is given, and builds
// for WebAssembly.
//
// XML is read by the package's own scanner, which knows exactly what a
// sitemap needs: the XML declaration (which must say UTF-8, or nothing),
// comments, CDATA sections, processing instructions, a DOCTYPE (reported
// as DTD, or as HTML), elements with attributes and namespace prefixes,
// and character data with the five predefined entities and numeric
// character references. Elements outside the sitemap namespace (image:,
// xhtml:, news:) are checked for well-formedness and otherwise skipped.
//
// Where reading goes on after a problem, and where it stops:
//
//   - BadEntity never stops reading. An undefined entity (&nbsp;), a bare
//     & (the classic unescaped & in a query string) or a character
//     reference to a character XML does not allow is reported at its &,
//     and the & is kept as a literal: the entry's Loc holds the raw text
//     ("https://example.com/?a=1&b=2"), so a rule can say what to escape.
//     This is safe because an entity never changes the document's
//     structure: the next < still starts the next tag. Only the first bad
//     reference of each text (a <loc>'s, say) or tag is reported.
//   - Every other XML syntax error is Malformed and stops reading, as XML
//     1.0 requires of a parser (a "fatal error"): a mismatched or stray end tag, a
//     file that ends inside a tag or with elements open, a < that starts
//     no tag, an attribute without a quoted value, "--" in a comment, text
//     or a second element after the root, invalid UTF-8 or a control
//     character, an XML declaration naming another encoding or version;
//     and, to bound memory, elements nested over 1,000 deep, a name over
//     4 KiB, over 1,000 namespace declarations. The entries before it have
//     been returned.
//   - HTML, UnknownRoot (unless only the case differs: <URLSET>), BadGzip
//     and ReadError stop reading too; the other
//     problems (BOM, DTD, namespaces, MissingLoc, EmptyLoc, ExtraLoc,
//     LongLine, the limits) do not.
//
// The reader does not stop at MaxURLs or MaxBytes: it reports each once
// and goes on, and a caller that wants a budget stops calling Next (Bytes
// says how far it has read). TooLarge is placed where the reader was when
// its read-ahead crossed MaxBytes: at most 64 KiB before the byte that did
// (or further when a single comment or text is longer).
package sitemap

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"iter"
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
// 1-based line and column. Columns count bytes (a BOM counts in line 1's);
// a caller that shows Unicode columns can convert with the line's bytes if
// it has them.
type Pos struct {
	Offset int64
	Line   int
	Col    int
}

// Entry is one <url> of a URL set, one <sitemap> of an index, or one line
// of a text sitemap.
type Entry struct {
	// Loc is the text of <loc> with references decoded (a bad one kept as
	// written) and surrounding XML white space trimmed, or the trimmed line
	// of a text sitemap. It is not validated: relative URLs, spaces and
	// fragments are for rules to judge.
	Loc string
	// LocPos is where the <loc> element's text starts (just after <loc>,
	// white space included), or the line's first non-space byte.
	LocPos Pos
	// LocEnd is just past the URL: after its last non-space byte, before
	// </loc> and any white space ahead of it. LocPos to LocEnd underlines
	// the URL.
	LocEnd Pos
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
	BadEntity                      // an undefined or unescaped entity (&nbsp;, a bare &); kept as written, reading goes on
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
	ExtraLoc                       // a second <loc> in one <url> or <sitemap>; the reader keeps the first
)

var codeNames = [...]string{"", "malformed", "bad-entity", "dtd", "bom", "no-namespace", "wrong-namespace",
	"html", "unknown-root", "missing-loc", "empty-loc", "too-many-urls", "too-large", "bad-gzip", "read-error", "long-line",
	"extra-loc"}

func (c Code) String() string {
	if int(c) < len(codeNames) {
		return codeNames[c]
	}
	return "unknown"
}

// Problem is a fact about the sitemap that a rule may report.
type Problem struct {
	Code Code
	// Msg says what was found, lower case ("<loc> is closed by </url>").
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
// URLs), and the text kept of a <loc> or <lastmod>; longer lines are
// skipped with LongLine, so memory stays bounded.
const maxLine = bufSize

// Reader reads a sitemap one item at a time.
type Reader struct {
	src     io.Reader
	in      input
	kind    Kind
	started bool
	done    bool
	isXML   bool
	queue   []Item // items found and not yet returned, in order, from head
	head    int
	n       int // entries so far
	tooBig  bool
	gz      bool

	xml xmlState
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
func (r *Reader) Bytes() int64 { return r.in.n }

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
	r.in = newInput(body)
	if b := r.in.peek(3); bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}) {
		r.problem(BOM, "the file starts with a UTF-8 byte order mark", Pos{Line: 1, Col: 1})
		r.in.r += 3 // still counted in line 1's columns
	}
	// XML when the first non-space byte (within 4 KiB) is '<'.
	for i := 0; i < 4096; i++ {
		b := r.in.peek(i + 1)
		if len(b) <= i {
			if r.in.err != nil {
				r.readError(r.in.err, r.in.pos())
				return
			}
			break // empty or all spaces: a text sitemap with no lines
		}
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			continue
		case '<':
			r.isXML = true
		}
		break
	}
	if !r.isXML {
		r.kind = Text
	}
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
		if r.isXML {
			r.nextXML()
		} else {
			r.nextLine()
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

// checkSize reports TooLarge once the read-ahead has crossed MaxBytes, at
// the reader's position.
func (r *Reader) checkSize() {
	if !r.tooBig && r.in.n > MaxBytes {
		r.tooBig = true
		r.problem(TooLarge, "the sitemap is over 50 MB (52,428,800 bytes) uncompressed", r.in.pos())
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

// nextLine reads one line of a text sitemap.
func (r *Reader) nextLine() {
	r.checkSize()
	in := &r.in
	start := in.pos()
	seen := 0 // bytes of buf[r:] known to hold no newline
	var line []byte
	for {
		b := in.buf[in.r:in.w]
		if i := bytes.IndexByte(b[seen:], '\n'); i >= 0 {
			line = b[:seen+i+1]
			break
		}
		seen = len(b)
		if !in.more() {
			if in.err != nil {
				r.readError(in.err, in.pos())
				return
			}
			if in.w-in.r == len(in.buf) {
				r.skipLongLine(start)
				return
			}
			line = in.buf[in.r:in.w] // the last line, without a newline
			r.done = true
			break
		}
	}
	in.r += len(line)
	if len(line) > 0 && line[len(line)-1] == '\n' {
		in.newline(in.r - 1)
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
	p := start
	p.Offset += int64(i)
	p.Col += i
	end := p
	end.Offset += int64(j - i)
	end.Col += j - i
	r.entry(Entry{Loc: string(line[i:j]), LocPos: p, LocEnd: end, Pos: p})
}

// skipLongLine skips a line longer than the buffer, which is full of it.
func (r *Reader) skipLongLine(start Pos) {
	in := &r.in
	r.problem(LongLine, "a line over 64 KiB, skipped", start)
	for {
		if i := bytes.IndexByte(in.buf[in.r:in.w], '\n'); i >= 0 {
			in.r += i + 1
			in.newline(in.r - 1)
			return
		}
		in.r = in.w
		if !in.more() {
			if in.err != nil {
				r.readError(in.err, in.pos())
			}
			r.done = true
			return
		}
	}
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
