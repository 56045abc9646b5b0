package syntax

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"unicode/utf8"
)

const (
	// GoogleMaxLineBytes is how many bytes of a line Google's parser keeps
	// (its 2083*8-byte line buffer less the terminating NUL); it drops the
	// rest of the line.
	GoogleMaxLineBytes = 16663
	// SizeLimit is 500 KiB, the size at which Google stops reading a
	// robots.txt file and the least that RFC 9309 §2.5 lets a crawler read.
	SizeLimit = 512000
)

// Parse parses src. It accepts any byte sequence, never fails and reads to
// the end: bytes past SizeLimit and lines past GoogleMaxLineBytes are parsed
// like any others and only marked by a Fact. The File keeps src, which the
// caller must not modify afterwards.
func Parse(src []byte) *File { return parse(src, true) }

// parse is Parse, with useBitmaps false to read every line the general
// way; tests compare the two.
func parse(src []byte, useBitmaps bool) *File {
	f := &File{src: src, index: LineIndex{src: src}}
	p := parser{f: f, src: src, useBitmaps: useBitmaps, records: recordSplitter{comments: -1}}
	p.parse()
	f.Groups = buildGroups(p.agents, p.rules, len(f.Lines))
	f.Records = p.records.done(len(f.Lines), p.agents, p.rules)
	return f
}

type parser struct {
	f   *File
	src []byte
	// lineFacts has bit k set when fact kind k is already recorded on the
	// current line, so character facts are recorded once a line.
	lineFacts uint32
	// agents and rules are the indices of all user-agent and all
	// Allow/Disallow lines in file order. Groups and records take windows
	// of these two arrays instead of lists of their own.
	agents, rules []int
	records       recordSplitter

	// useBitmaps turns on plainLine, which reads bm: the classes of the
	// window of the source from winStart to winEnd.
	useBitmaps       bool
	bm               bitmaps
	winStart, winEnd int
}

func (p *parser) parse() {
	src, f := p.src, p.f
	// An upper bound on the number of lines, so the slices are allocated
	// once; counting bytes is vectorised and costs little next to parsing.
	maxLines := bytes.Count(src, []byte{'\n'}) + bytes.Count(src, []byte{'\r'}) + 1
	f.Lines = make([]Line, maxLines)
	p.rules = make([]int, 0, maxLines)

	for f.BOM.End < len(src) && f.BOM.End < len(utf8BOM) && src[f.BOM.End] == utf8BOM[f.BOM.End] {
		f.BOM.End++
	}
	switch f.BOM.End {
	case 0:
	case len(utf8BOM):
		p.fact(FactBOM, f.BOM, -1)
	default:
		p.fact(FactPartialBOM, f.BOM, -1)
	}

	kind, evidence := detectFileKind(src, f.BOM.End)
	sizePending := len(src) > SizeLimit
	i := 0
	for start := f.BOM.End; start < len(src); i++ {
		p.lineFacts = 0
		l := &f.Lines[i]
		if !p.plainLine(l, i, start) {
			p.line(l, i, start)
		}
		p.records.line(i, l.Kind)
		if kind != factNone && evidence.Start < l.Span.End {
			p.fact(kind, evidence, i)
			kind = factNone
		}
		if sizePending && SizeLimit < l.Span.End {
			p.fact(FactPastSizeLimit, Span{SizeLimit, len(src)}, i)
			sizePending = false
		}
		start = l.Span.End
	}
	f.Lines = f.Lines[:i:i]
	f.index.lines = f.Lines
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

func (p *parser) fact(k FactKind, s Span, line int) {
	p.f.Facts = append(p.f.Facts, Fact{Kind: k, Span: s, Line: line})
}

// lineFact records k once per line: the first occurrence is enough to point
// at, and a binary file must not produce a fact per byte.
func (p *parser) lineFact(k FactKind, s Span, line int) {
	if p.lineFacts&(1<<k) != 0 {
		return
	}
	p.lineFacts |= 1 << k
	p.fact(k, s, line)
}

// plainLine parses the i'th line, which starts at start, into l from the
// bitmaps when it is a plain one: shorter than 64 bytes with its
// terminator, printable ASCII and tabs only, and blank, a comment, or a
// directive with a colon and a key. Such are nearly all lines, and for
// them a few bit operations find what line finds byte by byte. For any
// other line it reports false and leaves the line and the facts alone.
func (p *parser) plainLine(l *Line, i, start int) bool {
	if !p.useBitmaps {
		return false
	}
	off := p.window(start)
	newlines := p.bm.bits(classNewline, off)
	if newlines == 0 {
		return false
	}
	n := bits.TrailingZeros64(newlines) // the length of the text
	text := below(n)
	if p.bm.bits(classOdd, off)&text != 0 {
		return false
	}
	space := p.bm.bits(classSpace, off) & text
	nonSpace := ^space & text
	body := n // where the comment starts, or the end of the text
	if hashes := p.bm.bits(classHash, off) & text; hashes != 0 {
		body = bits.TrailingZeros64(hashes)
	}
	s := min(bits.TrailingZeros64(nonSpace), n) // the first non-space byte
	colon := bits.TrailingZeros64(p.bm.bits(classColon, off) & below(body))
	keyEnd := highestBit(nonSpace & below(colon) &^ below(s))
	directive := s < body
	if directive && (colon >= body || keyEnd == 0) {
		return false // no colon or no key: line reads these
	}

	src := p.src
	eol := start + n
	end := eol + 1
	if src[eol] == '\r' && end < len(src) && src[end] == '\n' {
		end++
	}
	*l = Line{Span: Span{start, end}, eolLen: uint8(end - eol)}
	u := uint32(s)
	l.keyStart, l.keyEnd, l.sepStart, l.sepEnd, l.valueStart, l.valueEnd = u, u, u, u, u, u
	l.commentStart, l.commentEnd = uint32(n), uint32(n)
	if body < n {
		l.commentStart, l.commentEnd = uint32(body), uint32(highestBit(nonSpace&^below(body)))
	}
	switch {
	case s == n:
		l.Kind = LineBlank
	case s == body:
		l.Kind = LineComment
	default:
		bodyEnd := highestBit(nonSpace & below(body))
		valueStart := min(bits.TrailingZeros64(nonSpace&^below(colon+1)), bodyEnd)
		if keyEnd < colon {
			p.fact(FactSpaceBeforeColon, Span{start + keyEnd, start + colon}, i)
		}
		if space&below(bodyEnd)&^below(valueStart) != 0 {
			p.fact(FactMultipleValues, Span{start + valueStart, start + bodyEnd}, i)
		}
		d := lookupDirective(src, start+s, start+keyEnd)
		l.Kind, l.Directive = LineDirective, d
		l.keyStart, l.keyEnd = u, uint32(keyEnd)
		l.sepStart, l.sepEnd = uint32(colon), uint32(colon+1)
		l.valueStart, l.valueEnd = uint32(valueStart), uint32(bodyEnd)
		p.addDirective(i, d)
	}
	return true
}

// window classifies the window that starts at start unless the current
// one covers the 64 bytes from start (or all that is left of the source),
// and returns the offset of start in the window.
func (p *parser) window(start int) int {
	if start < p.winStart || start+64 > p.winEnd && p.winEnd < len(p.src) {
		p.winStart, p.winEnd = start, min(len(p.src), start+64*windowWords)
		classify(&p.bm, p.src[start:p.winEnd])
	}
	return start - p.winStart
}

// below returns a mask of the n lowest bits, n from 0 to 64.
func below(n int) uint64 { return 1<<uint(n) - 1 }

// highestBit returns one more than the index of the highest set bit of m,
// or 0 when m is 0.
func highestBit(m uint64) int { return 64 - bits.LeadingZeros64(m) }

// addDirective notes the i'th line as a user-agent or rule line.
func (p *parser) addDirective(i int, d Directive) {
	switch {
	case d == DirectiveUserAgent:
		p.agents = append(p.agents, i)
	case d.IsRule():
		p.rules = append(p.rules, i)
	}
}

// line parses the i'th line, which starts at start, into l: any line, and
// in practice the ones plainLine leaves (long lines, control or non-ASCII
// bytes, no colon, the last line without a terminator).
//
// One pass finds the end of the line, the first '#', the first ':' before
// it, and whether the value has a second word, skipping the bytes that
// matter to none of these eight at a time. Everything else looks at a few
// bytes around those places.
func (p *parser) line(l *Line, i, start int) {
	src := p.src
	colon, hash, gap := -1, -1, -1
	odd := false     // a control character (tab aside), DEL or non-ASCII byte
	inValue := false // between the first byte of the value and the first whitespace after it
	eol := start
scan:
	for ; ; eol++ {
		eol = nextSpecial(src, eol)
		if eol == len(src) {
			break
		}
		switch c := src[eol]; c {
		case ':':
			if colon < 0 && hash < 0 {
				colon = eol
				// Skip to the value's first byte, so that the next
				// whitespace follows a byte of the value.
				next, vf := skipSpace(src, eol+1)
				eol, odd, inValue = next-1, odd || vf, true
			}
		case '#':
			if hash < 0 {
				hash, inValue = eol, false
			}
		case '\n', '\r':
			break scan
		case ' ', '\t', '\v', '\f':
			if inValue {
				gap, inValue = eol, false
			}
			odd = odd || c == '\v' || c == '\f'
		case '!', '"':
			// Not special: nextSpecial stops at every byte below '$'.
		default:
			odd = true
		}
	}
	end := eol
	if end < len(src) {
		end++
		if src[eol] == '\r' && end < len(src) && src[end] == '\n' {
			end++
		}
	}
	*l = Line{Span: Span{start, end}, eolLen: uint8(end - eol)}

	if odd {
		p.scanChars(i, start, eol)
	}
	if eol-start > GoogleMaxLineBytes {
		p.fact(FactLineTooLong, Span{start + GoogleMaxLineBytes, eol}, i)
	}
	if uint64(eol-start) > maxLineParts {
		l.Kind = LineInvalid
		p.fact(FactNoSeparator, Span{start, eol}, i)
		return
	}
	rel := func(off int) uint32 { return uint32(off - start) }

	s := trimLeft(src, start, eol)
	l.keyStart, l.keyEnd, l.sepStart, l.sepEnd, l.valueStart, l.valueEnd = rel(s), rel(s), rel(s), rel(s), rel(s), rel(s)
	l.commentStart, l.commentEnd = rel(eol), rel(eol)
	if s == eol {
		l.Kind = LineBlank
		return
	}
	// The first '#' starts a comment: neither RFC 9309 nor any crawler has
	// a way to escape it, not even inside a URL.
	body := eol
	if hash >= 0 {
		body = hash
		l.commentStart, l.commentEnd = rel(hash), rel(trimRight(src, hash, eol))
	}
	if body == s {
		l.Kind = LineComment
		return
	}
	body = trimRight(src, s, body)

	var key, sep, value Span
	if colon >= 0 {
		keyEnd := trimRight(src, s, colon)
		if keyEnd == s {
			l.Kind = LineInvalid
			p.fact(FactEmptyKey, Span{s, body}, i)
			return
		}
		if keyEnd < colon {
			p.fact(FactSpaceBeforeColon, Span{keyEnd, colon}, i)
		}
		key, sep, value = Span{s, keyEnd}, Span{colon, colon + 1}, Span{min(trimLeft(src, colon+1, eol), body), body}
		// The whitespace after the value's first word is inside the value,
		// and so splits it, unless it is what trails the value.
		if gap >= 0 && gap < body {
			p.fact(FactMultipleValues, value, i)
		}
	} else {
		// No colon. Google's parser then splits a line of exactly two
		// words at the whitespace between them (`Disallow /tmp`); anything
		// else is not a directive to any crawler.
		w := indexSpace(src, s, body)
		v := trimLeft(src, w, body)
		if w == body || indexSpace(src, v, body) < body {
			l.Kind = LineInvalid
			p.fact(FactNoSeparator, Span{s, body}, i)
			return
		}
		key, sep, value = Span{s, w}, Span{w, v}, Span{v, body}
		p.fact(FactMissingColon, sep, i)
	}
	l.Kind = LineDirective
	l.Directive = lookupDirective(src, key.Start, key.End)
	l.keyStart, l.keyEnd = rel(key.Start), rel(key.End)
	l.sepStart, l.sepEnd = rel(sep.Start), rel(sep.End)
	l.valueStart, l.valueEnd = rel(value.Start), rel(value.End)
	p.addDirective(i, l.Directive)
}

// skipSpace returns the index of the first byte at or after j that is not
// whitespace, and whether it skipped a vertical tab or form feed (control
// characters, though whitespace to Google).
func skipSpace(src []byte, j int) (next int, odd bool) {
	for ; j < len(src) && isSpace(src[j]); j++ {
		odd = odd || src[j] == '\v' || src[j] == '\f'
	}
	return j, odd
}

// maxLineParts is the longest line whose parts a Line can hold.
const maxLineParts = math.MaxUint32

// indexSpace returns the index of the first whitespace byte in b[from:to],
// or to.
func indexSpace(b []byte, from, to int) int {
	for from < to && !isSpace(b[from]) {
		from++
	}
	return from
}

// isSpace reports whether c is whitespace inside a line. Google's parser
// strips the same ASCII whitespace (CR and LF never occur inside a line).
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// trimLeft returns the index of the first non-whitespace byte in
// src[from:to], or to.
func trimLeft(src []byte, from, to int) int {
	for from < to && isSpace(src[from]) {
		from++
	}
	return from
}

// trimRight returns the index just after the last non-whitespace byte in
// src[from:to], or from.
func trimRight(src []byte, from, to int) int {
	for to > from && isSpace(src[to-1]) {
		to--
	}
	return to
}

// scanChars records the character facts of the line content [start, eol).
func (p *parser) scanChars(i, start, eol int) {
	src := p.src
	for c := start; c < eol; {
		b := src[c]
		if b < utf8.RuneSelf {
			switch {
			case b == 0:
				p.lineFact(FactNUL, Span{c, c + 1}, i)
			case b < 0x20 && b != '\t' || b == 0x7F:
				p.lineFact(FactControlChar, Span{c, c + 1}, i)
			}
			c++
			continue
		}
		r, size := utf8.DecodeRune(src[c:eol])
		s := Span{c, c + size}
		switch {
		case r == utf8.RuneError && size == 1:
			p.lineFact(FactInvalidUTF8, s, i)
		case r == 0xFEFF:
			p.lineFact(FactBOMInLine, s, i)
		case r <= 0x9F:
			p.lineFact(FactControlChar, s, i)
		case isInvisible(r):
			p.lineFact(FactInvisibleChar, s, i)
		}
		c += size
	}
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	lows  = 0x7F7F7F7F7F7F7F7F
)

// nextSpecial returns the index of the first byte at or after j that Parse
// must look at, or len(src): a byte below '$' (controls, terminators,
// whitespace, '#' and, needlessly but cheaply, '!' and '"'), ':', DEL or a
// non-ASCII byte. It tests eight bytes at a time.
func nextSpecial(src []byte, j int) int {
	for ; j+8 <= len(src); j += 8 {
		w := binary.LittleEndian.Uint64(src[j:])
		// Bytes below '$' (the "has less than" test, whose lowest hit is
		// exact), bytes whose low seven bits are all set or whose high bit
		// is (DEL and non-ASCII), and bytes equal to ':'.
		m := (w-'$'*ones)&^w&highs | (w&lows+ones|w)&highs | zeroBytes(w^':'*ones)
		if m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	for ; j < len(src); j++ {
		if c := src[j]; c < '$' || c >= 0x7F || c == ':' {
			return j
		}
	}
	return j
}

// zeroBytes returns t with the high bit of each zero byte set and all other
// bits clear.
func zeroBytes(t uint64) uint64 { return ^((t&lows + lows) | t) & highs }

// isInvisible reports whether r shows as nothing or as an ordinary space,
// so that a reader cannot see it in the line.
func isInvisible(r rune) bool {
	switch {
	case r == 0x00A0, r == 0x00AD, r == 0x034F, r == 0x061C, r == 0x115F, r == 0x1160,
		r == 0x1680, r == 0x180E, r == 0x3000, r == 0x3164, r == 0xFFA0:
		return true
	case 0x2000 <= r && r <= 0x200F, // spaces, zero-width characters, LRM, RLM
		0x2028 <= r && r <= 0x202F, // separators, bidi embeddings, narrow no-break space
		0x205F <= r && r <= 0x206F, // math space, word joiner, invisible operators, bidi isolates
		0xFFF9 <= r && r <= 0xFFFB: // interlinear annotation
		return true
	}
	return false
}

// indexFrom returns the index of the first c in src at or after from, or
// len(src).
func indexFrom(src []byte, from int, c byte) int {
	if i := bytes.IndexByte(src[from:], c); i >= 0 {
		return from + i
	}
	return len(src)
}
