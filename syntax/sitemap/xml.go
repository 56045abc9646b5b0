package sitemap

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf8"
)

// XML limits that keep a hostile file from growing the Reader's memory:
// sitemaps nest four deep, and their names are short.
const (
	maxDepth    = 1000
	maxName     = 4096
	maxRef      = 40 // "&" + a name or number + ";" longer than this is not a reference
	maxBindings = 1000
)

// xmlNamespace is the namespace the xml: prefix is bound to without a
// declaration.
const xmlNamespace = "http://www.w3.org/XML/1998/namespace"

// undeclared is the namespace of a prefix no xmlns: declares; it matches
// neither Namespace nor a root element's namespace.
const undeclared = "\x00undeclared"

// xmlState is what the scanner knows about the elements open around it.
type xmlState struct {
	rooted bool   // the root element has started
	stack  []byte // the open elements' qualified names, one after another
	starts []int  // where each open element's name starts in stack; len(starts) is the depth
	ns     []binding
	// The default namespace, cached while ns does not change: most
	// elements have no prefix.
	defaultNS string
	defaultOK bool

	space      string // the root element's namespace
	rootPrefix string // the root's prefix when no xmlns: declares it
	entryTag   string // "url" or "sitemap"

	inEntry    bool
	cur        Entry
	hasLoc     bool
	hasLastMod bool
	field      int    // 0 none, 1 <loc>, 2 <lastmod>: the depth-3 element whose text is kept
	text       []byte // the field's text so far, decoded
	end        Pos    // just past the field's last non-space byte

	tag    Pos    // where the markup being read starts (its <)
	badRef bool   // a BadEntity was reported in the current text or tag
	name   []byte // an end tag's or attribute's name
	val    []byte // an xmlns attribute's value, an XML declaration, a directive's start
}

// binding is one xmlns or xmlns:prefix declaration, in scope while the
// element at depth is open.
type binding struct {
	prefix, uri string
	depth       int
}

// class is what a byte means to scan.
type class uint8

const (
	plain   class = iota // part of the text
	space                // ' ', '\t', '\r'
	newline              // '\n'
	ctrl                 // a control character XML does not allow
	multi                // the first byte of a multi-byte UTF-8 sequence, or invalid
	stop                 // a byte the caller must handle
)

// classes builds a scan table: validate checks characters, as XML requires
// in character data and attribute values (not in comments or processing
// instructions).
func classes(stops string, validate bool) *[256]class {
	var t [256]class
	for c := range 256 {
		switch {
		case c == '\n':
			t[c] = newline
		case c == ' ' || c == '\t' || c == '\r':
			t[c] = space
		case c < 0x20 && validate:
			t[c] = ctrl
		case c >= 0x80 && validate:
			t[c] = multi
		}
	}
	for i := range len(stops) {
		t[stops[i]] = stop
	}
	return &t
}

var (
	textClass    = classes("<&", true)
	quotClass    = classes("\"<&", true)
	aposClass    = classes("'<&", true)
	cdataClass   = classes("]", true)
	commentClass = classes("-", false)
	piClass      = classes("?", false)
)

// Name bytes. Non-ASCII bytes are taken as name characters without
// checking which letters they spell: a name only has to be matched.
var nameStart, nameByte [256]bool

func init() {
	for c := range 256 {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' || c >= 0x80
		nameStart[c] = letter
		nameByte[c] = letter || c >= '0' && c <= '9' || c == '-' || c == '.'
	}
}

// nextXML reads character data and the markup after it.
func (r *Reader) nextXML() {
	r.checkSize()
	in, x := &r.in, &r.xml
	x.badRef = false
	if in.r == in.w && !in.more() {
		r.endOfInput()
		return
	}
	if in.buf[in.r] != '<' {
		if len(x.starts) == 0 {
			r.outside()
			return
		}
		var dst *[]byte
		if x.field != 0 && len(x.starts) == 3 {
			dst = &x.text
		}
		for {
			c, ok := r.scan(textClass, dst)
			if !ok {
				return // the end of input, reported by the next call, or a problem
			}
			if c == '<' {
				break
			}
			r.reference(dst)
		}
	}
	x.tag = in.pos()
	x.badRef = false
	in.r++
	if in.r == in.w && !in.more() {
		r.eofIn("a tag")
		return
	}
	switch in.buf[in.r] {
	case '/':
		in.r++
		r.endTag()
	case '?':
		in.r++
		r.procInst()
	case '!':
		in.r++
		r.bang()
	default:
		r.startTag()
	}
}

// outside reads the white space around the root element; anything else
// there is malformed.
func (r *Reader) outside() {
	in := &r.in
	for {
		if in.r == in.w && !in.more() {
			return
		}
		switch c := in.buf[in.r]; c {
		case '<':
			return
		case '\n':
			in.newline(in.r)
		case ' ', '\t', '\r':
		default:
			where := "before"
			if r.xml.rooted {
				where = "after"
			}
			r.malformed(in.pos(), "text "+where+" the root element")
			return
		}
		in.r++
	}
}

func (r *Reader) malformed(p Pos, msg string) {
	r.problem(Malformed, msg, p)
	r.done = true
}

// eofIn reports that the input ended inside some markup (unless a problem
// already stopped reading).
func (r *Reader) eofIn(what string) {
	if r.done {
		return
	}
	if r.in.err != nil {
		r.readError(r.in.err, r.in.pos())
		return
	}
	r.malformed(r.in.pos(), "the file ends inside "+what)
}

func (r *Reader) endOfInput() {
	in, x := &r.in, &r.xml
	if in.err != nil {
		r.readError(in.err, in.pos())
		return
	}
	r.done = true
	if d := len(x.starts); d > 0 {
		r.problem(Malformed, "the file ends before <"+string(x.stack[x.starts[d-1]:])+"> is closed", in.pos())
	} else if !x.rooted {
		r.problem(Malformed, "no root element", in.pos())
	}
	r.checkSize()
}

// scan consumes bytes up to the next stop byte of t, which it leaves
// unread, and returns it. With dst it appends the bytes to *dst (up to
// maxLine), and when dst is the field's text it moves xml.end past the last
// non-space byte. It returns false at the end of input, and after a
// character XML does not allow (reported as Malformed; r.done is set).
func (r *Reader) scan(t *[256]class, dst *[]byte) (byte, bool) {
	in := &r.in
	for {
		if in.r == in.w && !in.more() {
			return 0, false
		}
		b := in.buf[in.r:in.w]
		lineStart := in.lineStart
		i, last, nl := 0, -1, -1
	chunk:
		for i < len(b) {
			if t[b[i]] == plain {
				i++
				if t == textClass {
					i += plainText(b[i:])
				}
				for i < len(b) && t[b[i]] == plain {
					i++
				}
				last = i - 1
				continue
			}
			switch t[b[i]] {
			case space:
				i++
			case newline:
				in.newline(in.r + i)
				nl = i
				i++
			case multi:
				if !utf8.FullRune(b[i:]) && !in.ended() {
					break chunk // a character split by the buffer's end
				}
				c, size := utf8.DecodeRune(b[i:])
				if c == utf8.RuneError && size == 1 {
					r.malformed(in.at(in.r+i), "invalid UTF-8 (sitemaps must be UTF-8)")
					return 0, false
				}
				if c == 0xFFFE || c == 0xFFFF {
					r.malformed(in.at(in.r+i), fmt.Sprintf("character U+%04X, which XML does not allow", c))
					return 0, false
				}
				i += size
				last = i - 1
			case ctrl:
				r.malformed(in.at(in.r+i), fmt.Sprintf("control character U+%04X, which XML does not allow", b[i]))
				return 0, false
			default:
				break chunk
			}
		}
		if dst != nil && i > 0 {
			if room := maxLine - len(*dst); room > 0 {
				*dst = append(*dst, b[:min(i, room)]...)
			}
			if last >= 0 && dst == &r.xml.text {
				r.xml.end = in.after(b[:i], last, nl, lineStart)
			}
		}
		in.r += i
		if i < len(b) {
			if t[b[i]] == stop {
				return b[i], true
			}
			in.peek(utf8.UTFMax)
		}
	}
}

// plainText is the length of b's prefix of bytes that are plain text to
// textClass, found 8 bytes at a time: character data is most of a sitemap.
func plainText(b []byte) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		lt := w ^ ('<' * ones)
		amp := w ^ ('&' * ones)
		// A high bit: a byte >= 0x80, a byte below '!' (space or control),
		// or a zero byte in lt or amp (the classic "has zero byte" test).
		if (w|(w-'!'*ones)|(lt-ones)&^lt|(amp-ones)&^amp)&highs != 0 {
			break
		}
	}
	return i
}

// after is the position just past chunk[last], where chunk starts at the
// unread bytes and has been scanned (its newlines counted): nl is the index
// of its last newline or -1, lineStart the line start before it.
func (in *input) after(chunk []byte, last, nl int, lineStart int64) Pos {
	off := in.base + int64(in.r+last+1)
	if nl < last {
		return Pos{Offset: off, Line: in.line, Col: int(off-in.lineStart) + 1}
	}
	// White space with a newline follows the text: go back to its line.
	line := in.line - bytes.Count(chunk[last+1:], []byte{'\n'})
	if j := bytes.LastIndexByte(chunk[:last+1], '\n'); j >= 0 {
		lineStart = in.base + int64(in.r+j) + 1
	}
	return Pos{Offset: off, Line: line, Col: int(off-lineStart) + 1}
}

// keep appends s to *dst when dst is not nil, and moves xml.end past it
// when dst is the field's text.
func (r *Reader) keep(dst *[]byte, s []byte) {
	if dst == nil {
		return
	}
	if len(*dst)+len(s) <= maxLine {
		*dst = append(*dst, s...)
	}
	if dst == &r.xml.text {
		r.xml.end = r.in.pos()
	}
}

// reference reads the entity or character reference at the unread &. A
// good one is decoded into dst. A bad one is BadEntity, and its & is kept
// as a literal, so that reading goes on with the bytes after it: the
// sitemap's structure does not depend on them. Only the first bad one of a
// text or a tag is reported: one finding per URL is what a rule needs, and
// a file of a million bare & must not queue a million problems at once.
func (r *Reader) reference(dst *[]byte) {
	in := &r.in
	at := in.pos()
	b := in.peek(maxRef)
	n, c, msg := parseRef(b[:min(len(b), maxRef)])
	if msg != "" {
		if !r.xml.badRef {
			r.xml.badRef = true
			r.problem(BadEntity, msg, at)
		}
		in.r++
		r.keep(dst, []byte{'&'})
		return
	}
	in.r += n
	var enc [utf8.UTFMax]byte
	r.keep(dst, enc[:utf8.EncodeRune(enc[:], c)])
}

// parseRef reads a reference at the start of b (which starts with &): its
// length and character, or what is wrong with it.
func parseRef(b []byte) (n int, c rune, msg string) {
	const bare = "unescaped & (a literal & is written &amp;)"
	semi := bytes.IndexByte(b, ';')
	if semi < 2 {
		return 0, 0, bare
	}
	ref := b[1:semi]
	if ref[0] == '#' {
		digits, base := ref[1:], rune(10)
		if len(digits) > 0 && digits[0] == 'x' {
			digits, base = digits[1:], 16
		}
		if len(digits) == 0 {
			return 0, 0, bare
		}
		for _, d := range digits {
			var v rune
			switch {
			case d >= '0' && d <= '9':
				v = rune(d - '0')
			case base == 16 && d >= 'a' && d <= 'f':
				v = rune(d-'a') + 10
			case base == 16 && d >= 'A' && d <= 'F':
				v = rune(d-'A') + 10
			default:
				return 0, 0, bare
			}
			c = min(c*base+v, utf8.MaxRune+1)
		}
		if !isChar(c) {
			return 0, 0, "character reference &" + string(ref) + "; to a character XML does not allow"
		}
		return semi + 1, c, ""
	}
	for i, d := range ref {
		if !nameByte[d] || i == 0 && !nameStart[d] {
			return 0, 0, bare
		}
	}
	switch string(ref) {
	case "amp":
		return semi + 1, '&', ""
	case "lt":
		return semi + 1, '<', ""
	case "gt":
		return semi + 1, '>', ""
	case "quot":
		return semi + 1, '"', ""
	case "apos":
		return semi + 1, '\'', ""
	}
	return 0, 0, "undefined entity &" + string(ref) + "; (XML defines only &amp; &lt; &gt; &quot; &apos;)"
}

// isChar reports whether XML 1.0 allows c.
func isChar(c rune) bool {
	return c == '\t' || c == '\n' || c == '\r' || c >= 0x20 && c <= 0xD7FF ||
		c >= 0xE000 && c <= 0xFFFD || c >= 0x10000 && c <= utf8.MaxRune
}

// name appends the XML name at the unread bytes to dst, and reports
// whether there was one (no longer than maxName).
func (r *Reader) name(dst []byte) ([]byte, bool) {
	in := &r.in
	start := len(dst)
	for len(dst)-start <= maxName {
		if in.r == in.w && !in.more() {
			break
		}
		b := in.buf[in.r:in.w]
		i := 0
		for i < len(b) && nameByte[b[i]] {
			i++
		}
		dst = append(dst, b[:i]...)
		in.r += i
		if i < len(b) {
			break
		}
	}
	n := dst[start:]
	return dst, len(n) > 0 && len(n) <= maxName && nameStart[n[0]]
}

// skipSpace consumes white space and reports whether there was any.
func (r *Reader) skipSpace() bool {
	in := &r.in
	skipped := false
	for {
		if in.r == in.w && !in.more() {
			return skipped
		}
		switch in.buf[in.r] {
		case '\n':
			in.newline(in.r)
		case ' ', '\t', '\r':
		default:
			return skipped
		}
		in.r++
		skipped = true
	}
}

// split splits a qualified name at its first colon.
func split(name []byte) (prefix, local []byte) {
	// A loop, not bytes.IndexByte: names are a few bytes long, shorter
	// than the call costs.
	for i, c := range name {
		if c == ':' {
			if i > 0 && i < len(name)-1 {
				return name[:i], name[i+1:]
			}
			break
		}
	}
	return nil, name
}

func (r *Reader) startTag() {
	in, x := &r.in, &r.xml
	if x.rooted && len(x.starts) == 0 {
		r.malformed(x.tag, "a second element after the root element")
		return
	}
	if len(x.starts) == maxDepth {
		r.malformed(x.tag, fmt.Sprintf("elements nested more than %d deep", maxDepth))
		return
	}
	x.starts = append(x.starts, len(x.stack))
	var ok bool
	if x.stack, ok = r.name(x.stack); !ok {
		r.malformed(x.tag, "a < that starts no tag (a literal < is written &lt;)")
		return
	}
	empty := false
	for {
		if in.r < in.w && in.buf[in.r] == '>' { // the usual case: no attributes
			in.r++
			break
		}
		spaced := r.skipSpace()
		b := in.peek(2)
		if len(b) == 0 {
			r.eofIn("a tag")
			return
		}
		if b[0] == '>' {
			in.r++
			break
		}
		if b[0] == '/' {
			if len(b) < 2 {
				r.eofIn("a tag")
				return
			}
			if b[1] != '>' {
				r.malformed(in.pos(), "/ not followed by > in a tag")
				return
			}
			in.r += 2
			empty = true
			break
		}
		if !spaced {
			r.malformed(in.pos(), "an attribute not separated from what precedes it by white space")
			return
		}
		if !r.attribute() {
			return
		}
	}
	d := len(x.starts)
	prefix, local := split(x.stack[x.starts[d-1]:])
	space, declared := x.resolve(prefix)
	r.startElement(local, prefix, space, declared)
	if empty && !r.done {
		r.endElement()
	}
}

// attribute reads one attribute; an xmlns one is bound.
func (r *Reader) attribute() bool {
	in, x := &r.in, &r.xml
	var ok bool
	if x.name, ok = r.name(x.name[:0]); !ok {
		r.malformed(in.pos(), "a tag with something other than an attribute in it")
		return false
	}
	r.skipSpace()
	if b := in.peek(1); len(b) == 0 || b[0] != '=' {
		if len(b) == 0 {
			r.eofIn("a tag")
		} else {
			r.malformed(in.pos(), "attribute "+string(x.name)+" has no value (name=\"value\")")
		}
		return false
	}
	in.r++
	r.skipSpace()
	b := in.peek(1)
	if len(b) == 0 {
		r.eofIn("a tag")
		return false
	}
	if b[0] != '"' && b[0] != '\'' {
		r.malformed(in.pos(), "attribute "+string(x.name)+" has an unquoted value")
		return false
	}
	quote := b[0]
	in.r++
	t := quotClass
	if quote == '\'' {
		t = aposClass
	}
	var dst *[]byte
	isNS := string(x.name) == "xmlns" || bytes.HasPrefix(x.name, []byte("xmlns:"))
	if isNS {
		x.val = x.val[:0]
		dst = &x.val
	}
	for {
		c, ok := r.scan(t, dst)
		if !ok {
			r.eofIn("an attribute value")
			return false
		}
		if c == quote {
			in.r++
			break
		}
		if c == '<' {
			r.malformed(in.pos(), "a < in an attribute value (a literal < is written &lt;)")
			return false
		}
		r.reference(dst)
	}
	if isNS {
		if len(x.ns) == maxBindings {
			r.malformed(x.tag, fmt.Sprintf("more than %d namespace declarations in scope", maxBindings))
			return false
		}
		var prefix string
		if len(x.name) > len("xmlns:") {
			prefix = string(x.name[len("xmlns:"):])
		}
		uri := Namespace
		if string(x.val) != Namespace {
			uri = string(x.val)
		}
		x.ns = append(x.ns, binding{prefix: prefix, uri: uri, depth: len(x.starts)})
		x.defaultOK = false
	}
	return true
}

// resolve is the namespace of an element's prefix, and whether an xmlns
// declared it.
func (x *xmlState) resolve(prefix []byte) (string, bool) {
	if len(prefix) == 0 && x.defaultOK {
		return x.defaultNS, true
	}
	for i := len(x.ns) - 1; i >= 0; i-- {
		if x.ns[i].prefix == string(prefix) {
			if len(prefix) == 0 {
				x.defaultNS, x.defaultOK = x.ns[i].uri, true
			}
			return x.ns[i].uri, true
		}
	}
	switch {
	case len(prefix) == 0:
		x.defaultNS, x.defaultOK = "", true
		return "", true
	case string(prefix) == "xml":
		return xmlNamespace, true
	case x.rootPrefix != "" && string(prefix) == x.rootPrefix:
		return undeclared, false
	case len(x.starts) == 1:
		x.rootPrefix = string(prefix)
	}
	return undeclared, false
}

// sameSpace accepts a child element in the sitemap namespace or in the
// root's (so that <loc> inside an image:image or xhtml:link is not taken).
func (x *xmlState) sameSpace(space string) bool {
	return space == Namespace || space == x.space
}

func (r *Reader) startElement(local, prefix []byte, space string, declared bool) {
	x := &r.xml
	switch len(x.starts) {
	case 1:
		r.root(local, prefix, space, declared)
	case 2:
		// Children are matched by local name so that a sitemap with a
		// wrong namespace (reported once at the root) still yields its URLs.
		if string(local) == x.entryTag && x.sameSpace(space) {
			x.inEntry, x.hasLoc, x.hasLastMod = true, false, false
			x.cur = Entry{Pos: x.tag}
		}
	case 3:
		if !x.inEntry || !x.sameSpace(space) {
			return
		}
		switch string(local) {
		case "loc":
			if x.hasLoc {
				r.problem(ExtraLoc, "a second <loc> in one <"+x.entryTag+">; the reader keeps the first", x.tag)
				return
			}
			x.hasLoc, x.field = true, 1
			x.cur.LocPos = r.in.pos()
			x.end = x.cur.LocPos
		case "lastmod":
			if x.hasLastMod {
				return
			}
			x.hasLastMod, x.field = true, 2
			x.cur.LastModPos = r.in.pos()
		default:
			return
		}
		x.text = x.text[:0]
	}
}

func (r *Reader) root(local, prefix []byte, space string, declared bool) {
	x := &r.xml
	x.rooted = true
	name := string(local)
	lower := strings.ToLower(name)
	switch lower {
	case "urlset":
		r.kind, x.entryTag = URLSet, "url"
	case "sitemapindex":
		r.kind, x.entryTag = Index, "sitemap"
	case "html":
		r.problem(HTML, "an HTML page, not a sitemap", x.tag)
		r.done = true
		return
	default:
		r.problem(UnknownRoot, "root element <"+name+">, not <urlset> or <sitemapindex>", x.tag)
		r.done = true
		return
	}
	if name != lower {
		r.problem(UnknownRoot, "element names are case-sensitive: <"+name+"> is not <"+lower+">", x.tag)
	}
	x.space = space
	switch {
	case space == Namespace:
	case !declared:
		r.problem(WrongNamespace, "<"+string(prefix)+":"+name+"> uses the prefix "+string(prefix)+", which no xmlns:"+string(prefix)+" declares", x.tag)
	case space == "":
		r.problem(NoNamespace, "<"+name+"> declares no namespace; it needs xmlns=\""+Namespace+"\"", x.tag)
	default:
		r.problem(WrongNamespace, "<"+name+"> has namespace \""+space+"\", not \""+Namespace+"\"", x.tag)
	}
}

// endElement ends the innermost open element.
func (r *Reader) endElement() {
	x := &r.xml
	d := len(x.starts)
	switch {
	case d == 3 && x.inEntry && x.field != 0:
		s := trimSpace(x.text)
		if x.field == 1 {
			x.cur.Loc = string(s)
			x.cur.LocEnd = x.end
			if len(s) == 0 {
				r.problem(EmptyLoc, "<loc> is empty", x.cur.LocPos)
			}
		} else {
			x.cur.LastMod = string(s)
		}
		x.field = 0
	case d == 2 && x.inEntry:
		x.inEntry = false
		if !x.hasLoc {
			r.problem(MissingLoc, "<"+x.entryTag+"> has no <loc>", x.cur.Pos)
		} else if x.cur.Loc != "" {
			r.entry(x.cur)
		}
	}
	for len(x.ns) > 0 && x.ns[len(x.ns)-1].depth >= d {
		x.ns = x.ns[:len(x.ns)-1]
		x.defaultOK = false
	}
	x.stack = x.stack[:x.starts[d-1]]
	x.starts = x.starts[:d-1]
}

// trimSpace trims XML white space, which is all a search engine trims: a
// no-break space left at a URL's end stays for rules to see.
func trimSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && isSpace(b[i]) {
		i++
	}
	for j > i && isSpace(b[j-1]) {
		j--
	}
	return b[i:j]
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func (r *Reader) endTag() {
	in, x := &r.in, &r.xml
	// The usual case, </name> closing the open element, compared in place.
	if d := len(x.starts); d > 0 {
		open := x.stack[x.starts[d-1]:]
		if b := in.buf[in.r:in.w]; len(b) > len(open) && b[len(open)] == '>' && bytes.Equal(b[:len(open)], open) {
			in.r += len(open) + 1
			r.endElement()
			return
		}
	}
	var ok bool
	if x.name, ok = r.name(x.name[:0]); !ok {
		r.malformed(x.tag, "</ not followed by an element name")
		return
	}
	r.skipSpace()
	b := in.peek(1)
	if len(b) == 0 {
		r.eofIn("the end tag </" + string(x.name) + ">")
		return
	}
	if b[0] != '>' {
		r.malformed(in.pos(), "the end tag </"+string(x.name)+"> has more than a name in it")
		return
	}
	in.r++
	d := len(x.starts)
	if d == 0 {
		r.malformed(x.tag, "end tag </"+string(x.name)+"> without a start tag")
		return
	}
	if open := x.stack[x.starts[d-1]:]; !bytes.Equal(open, x.name) {
		r.malformed(x.tag, "<"+string(open)+"> is closed by </"+string(x.name)+">")
		return
	}
	r.endElement()
}

// procInst reads a processing instruction after its <?; the XML
// declaration's version and encoding are checked.
func (r *Reader) procInst() {
	in, x := &r.in, &r.xml
	var ok bool
	if x.name, ok = r.name(x.name[:0]); !ok {
		r.malformed(x.tag, "<? not followed by a target name")
		return
	}
	decl := string(x.name) == "xml"
	content := in.pos()
	var dst *[]byte
	if decl {
		x.val = x.val[:0]
		dst = &x.val
	}
	for {
		if _, ok := r.scan(piClass, dst); !ok {
			r.eofIn("a processing instruction <?" + string(x.name) + " ?>")
			return
		}
		if b := in.peek(2); len(b) >= 2 && b[1] == '>' {
			in.r += 2
			break
		}
		in.r++
		r.keep(dst, []byte{'?'})
	}
	if !decl {
		return
	}
	if v, at, ok := pseudoAttr(x.val, "version"); ok && v != "1.0" {
		r.malformed(advance(content, x.val[:at]), "XML version "+v+" declared; sitemaps are XML 1.0")
		return
	}
	if v, at, ok := pseudoAttr(x.val, "encoding"); ok && !strings.EqualFold(v, "UTF-8") {
		r.malformed(advance(content, x.val[:at]), "encoding "+v+" declared; sitemaps must be UTF-8")
	}
}

// pseudoAttr finds name="value" (or 'value') in an XML declaration: the
// value and its index in decl.
func pseudoAttr(decl []byte, name string) (string, int, bool) {
	for i := 0; ; {
		k := bytes.Index(decl[i:], []byte(name))
		if k < 0 {
			return "", 0, false
		}
		j := i + k + len(name)
		i = j
		for j < len(decl) && isSpace(decl[j]) {
			j++
		}
		if j == len(decl) || decl[j] != '=' {
			continue
		}
		j++
		for j < len(decl) && isSpace(decl[j]) {
			j++
		}
		if j == len(decl) || decl[j] != '"' && decl[j] != '\'' {
			continue
		}
		end := bytes.IndexByte(decl[j+1:], decl[j])
		if end < 0 {
			return "", 0, false
		}
		return string(decl[j+1 : j+1+end]), j + 1, true
	}
}

// advance is the position after b, read from p.
func advance(p Pos, b []byte) Pos {
	for _, c := range b {
		p.Offset++
		p.Col++
		if c == '\n' {
			p.Line++
			p.Col = 1
		}
	}
	return p
}

// bang reads what starts with <!: a comment, a CDATA section or a
// directive (<!DOCTYPE).
func (r *Reader) bang() {
	in := &r.in
	b := in.peek(len("[CDATA["))
	switch {
	case bytes.HasPrefix(b, []byte("--")):
		in.r += 2
		r.comment()
	case bytes.HasPrefix(b, []byte("[CDATA[")):
		in.r += len("[CDATA[")
		r.cdata()
	case len(b) < len("[CDATA[") && bytes.HasPrefix([]byte("[CDATA["), b) || len(b) < 2 && bytes.HasPrefix([]byte("--"), b):
		r.eofIn("a tag")
	case len(b) > 0 && b[0] == '[':
		r.malformed(r.xml.tag, "<![ that starts no CDATA section")
	default:
		r.directive()
	}
}

// comment reads a comment after its <!--.
func (r *Reader) comment() {
	in := &r.in
	for {
		if _, ok := r.scan(commentClass, nil); !ok {
			r.eofIn("a comment")
			return
		}
		b := in.peek(3)
		if len(b) >= 2 && b[1] == '-' {
			if len(b) < 3 {
				in.r = in.w
				r.eofIn("a comment")
				return
			}
			if b[2] != '>' {
				r.malformed(in.pos(), "-- inside a comment (XML does not allow it)")
				return
			}
			in.r += 3
			return
		}
		in.r++
	}
}

// cdata reads a CDATA section after its <![CDATA[; in a <loc> or
// <lastmod>, its text is kept as written.
func (r *Reader) cdata() {
	in, x := &r.in, &r.xml
	if len(x.starts) == 0 {
		r.malformed(x.tag, "a CDATA section outside the root element")
		return
	}
	var dst *[]byte
	if x.field != 0 && len(x.starts) == 3 {
		dst = &x.text
	}
	for {
		if _, ok := r.scan(cdataClass, dst); !ok {
			r.eofIn("a CDATA section")
			return
		}
		if b := in.peek(3); len(b) >= 3 && b[1] == ']' && b[2] == '>' {
			in.r += 3
			return
		}
		in.r++
		r.keep(dst, []byte{']'})
	}
}

// directive reads a <!DOCTYPE> (or another <!...> declaration), with its
// internal subset, quoted strings and comments, and reports it as DTD, or
// as HTML when it is an HTML page's doctype before any element.
func (r *Reader) directive() {
	in, x := &r.in, &r.xml
	x.val = x.val[:0]
	entity := false
	depth, quote := 0, byte(0)
	for {
		c, ok := in.next()
		if !ok {
			r.eofIn("a <!DOCTYPE> declaration")
			return
		}
		if len(x.val) < 64 {
			x.val = append(x.val, c)
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '<':
			if bytes.HasPrefix(in.peek(3), []byte("!--")) {
				in.r += 3
				if r.comment(); r.done {
					return
				}
				continue
			}
			if bytes.HasPrefix(in.peek(7), []byte("!ENTITY")) {
				entity = true
			}
			depth++
		case c == '>':
			if depth == 0 {
				d := bytes.TrimLeft(x.val, " \t\r\n")
				if r.kind == Unknown && !x.rooted && len(d) >= 12 && strings.EqualFold(string(d[:12]), "DOCTYPE html") {
					r.problem(HTML, "an HTML page, not a sitemap", x.tag)
					r.done = true
					return
				}
				if entity || bytes.Contains(x.val, []byte("ENTITY")) {
					r.problem(DTD, "a document type declaration with entities; sitemaps may use only the five XML entities", x.tag)
				} else {
					r.problem(DTD, "a document type declaration, which sitemaps do not have", x.tag)
				}
				return
			}
			depth--
		}
	}
}
