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
	f := &File{src: src}
	p := parser{f: f, src: src, useBitmaps: useBitmaps}
	p.parse()
	f.index = LineIndex{src: src, lines: f.Lines}
	agents, rules, records := collect(f.Lines)
	f.Groups = buildGroups(agents, rules, len(f.Lines))
	f.Records = records
	return f
}

type parser struct {
	f   *File
	src []byte
	// lineFacts has bit k set when fact kind k is already recorded on the
	// current line, so character facts are recorded once a line.
	lineFacts uint32
	// fileKind is the file-kind fact still to record, at the line that
	// ends after its evidence starts; factNone once recorded.
	fileKind     FactKind
	fileEvidence Span
	// sizePending is true until the fact for bytes past SizeLimit is
	// recorded.
	sizePending bool
	// watch is where the earliest pending file fact starts, or MaxInt:
	// the line that ends after it gets the fact.
	watch int

	// useBitmaps turns on plainLines, which reads bm: the classes of the
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

	p.fileKind, p.fileEvidence = detectFileKind(src, f.BOM.End)
	p.sizePending = len(src) > SizeLimit
	p.setWatch()
	i := 0
	for start := f.BOM.End; start < len(src); {
		if p.useBitmaps {
			if i, start = p.plainLines(i, start); start == len(src) {
				break
			}
		}
		p.lineFacts = 0
		l := &f.Lines[i]
		p.line(l, i, start)
		if l.Span.End > p.watch {
			p.fileFacts(i, l.Span.End)
		}
		start = l.Span.End
		i++
	}
	f.Lines = f.Lines[:i:i]
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// setWatch sets p.watch from the file facts still pending.
func (p *parser) setWatch() {
	p.watch = math.MaxInt
	if p.fileKind != factNone {
		p.watch = p.fileEvidence.Start
	}
	if p.sizePending {
		p.watch = min(p.watch, SizeLimit)
	}
}

// fileFacts records the pending file facts that belong to line i, which
// ends at end.
func (p *parser) fileFacts(i, end int) {
	if p.fileKind != factNone && p.fileEvidence.Start < end {
		p.fact(p.fileKind, p.fileEvidence, i)
		p.fileKind = factNone
	}
	if p.sizePending && SizeLimit < end {
		p.fact(FactPastSizeLimit, Span{SizeLimit, len(p.src)}, i)
		p.sizePending = false
	}
	p.setWatch()
}

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

// plainLines parses lines from the i'th, which starts at start, as long as
// they are plain: text shorter than 57 bytes, printable ASCII and tabs
// only, and blank, a comment, or a directive with a colon and a key. Such
// are nearly all lines, and for them a few bit operations on the bitmaps
// find what line finds byte by byte. It returns the index and start of the
// first line it leaves to line, or len(p.src).
func (p *parser) plainLines(i, start int) (int, int) {
	src, lines := p.src, p.f.Lines
	bm := &p.bm
	winStart, winEnd := p.winStart, p.winEnd
	for start < len(src) {
		// Each line needs the classes of the 64 bytes from its start.
		if start+64 > winEnd && winEnd < len(src) {
			winStart, winEnd = start, min(len(src), start+64*windowWords)
			classify(bm, src[start:winEnd])
		}
		off := start - winStart
		at := func(c int) uint64 { return bm.at(c, off) }

		// The first newline in the 57 bytes from start, whose classes
		// at gets right, ends the line's text, or the line is not plain.
		newlines := at(classNewline) & lowBits(57)
		if newlines == 0 {
			break
		}
		n := bits.TrailingZeros64(newlines) // the length of the text, below 57
		text := lowBits(n)
		stop := text + 1
		if at(classOdd)&text != 0 {
			break
		}
		space := at(classSpace) & text
		nonSpace := ^space & text
		// body is where the comment starts, or n; s is the first non-space
		// byte, or n; colon is the first colon in the body, or body. All
		// are below 64, so lowBits takes them.
		body := bits.TrailingZeros64(at(classHash)&text | stop)
		s := bits.TrailingZeros64(nonSpace | stop)
		colon := bits.TrailingZeros64(at(classColon)&lowBits(body) | (lowBits(body) + 1))
		if s < body && (colon == body || colon == s) {
			break // no colon or no key: line reads these
		}

		eol := start + n
		end := eol + 1
		if src[eol] == '\r' && end < len(src) && src[end] == '\n' {
			end++
		}

		// The parts, as offsets below 57: on a blank line all are empty at
		// s, and the comment is empty at the end of the text unless there
		// is one.
		kind, d, flags := LineBlank, DirectiveNone, uint8(end-eol)
		keyEnd, sep, valueStart, valueEnd := s, s, s, s
		commentStart, commentEnd := n, n
		if body < n {
			commentStart, commentEnd = body, highestBit(nonSpace&^lowBits(body))
		}
		switch {
		case s == n:
		case s == body:
			kind = LineComment
		default:
			kind, flags, sep = LineDirective, flags|flagColon, colon
			keyEnd = highestBit(nonSpace & lowBits(colon))
			valueEnd = highestBit(nonSpace & lowBits(body))
			valueStart = min(bits.TrailingZeros64(nonSpace&^lowBits(colon+1)), valueEnd)
			// lookupDirective, with its common case inlined.
			if k := keyEnd - s; k <= 8 && start+s+8 <= len(src) {
				d = shortDirective(binary.LittleEndian.Uint64(src[start+s:]), k)
			} else {
				d = lookupAnyDirective(src, start+s, start+keyEnd)
			}
			if keyEnd < colon {
				p.fact(FactSpaceBeforeColon, Span{start + keyEnd, start + colon}, i)
			}
			if space&lowBits(valueEnd)&^lowBits(valueStart) != 0 {
				p.fact(FactMultipleValues, Span{start + valueStart, start + valueEnd}, i)
			}
		}

		// The stores come last and one by one: with no call after them,
		// the compiler keeps nothing about l on the stack, and it would
		// build an array or struct value on the stack and copy it.
		l := &lines[i]
		l.Span.Start, l.Span.End = start, end
		l.Kind, l.Directive, l.flags = kind, d, flags
		l.hi = [numParts]uint8{}
		l.lo[partKeyStart], l.lo[partKeyEnd] = uint16(s), uint16(keyEnd)
		l.lo[partSepStart] = uint16(sep)
		l.lo[partValueStart], l.lo[partValueEnd] = uint16(valueStart), uint16(valueEnd)
		l.lo[partCommentStart], l.lo[partCommentEnd] = uint16(commentStart), uint16(commentEnd)
		if end > p.watch {
			p.fileFacts(i, end)
		}
		start = end
		i++
	}
	p.winStart, p.winEnd = winStart, winEnd
	return i, start
}

// below returns a mask of the n lowest bits, n from 0 to 64.
func below(n int) uint64 { return 1<<uint(n) - 1 }

// lowBits is below for n from 0 to 63, which it costs less to compute.
func lowBits(n int) uint64 { return 1<<(uint(n)&63) - 1 }

// highestBit returns one more than the index of the highest set bit of m,
// or 0 when m is 0.
func highestBit(m uint64) int { return 64 - bits.LeadingZeros64(m) }

// line parses the i'th line, which starts at start, into l: any line, and
// in practice the ones plainLines leaves (long lines, control or non-ASCII
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
	*l = Line{Span: Span{start, end}, flags: uint8(end - eol)}

	if odd {
		p.scanChars(i, start, eol)
	}
	if eol-start > GoogleMaxLineBytes {
		p.fact(FactLineTooLong, Span{start + GoogleMaxLineBytes, eol}, i)
	}
	if eol-start > maxLineParts {
		l.Kind = LineInvalid
		p.fact(FactNoSeparator, Span{start, eol}, i)
		return
	}
	set := func(k, off int) { l.setOffset(k, off-start) }

	s := trimLeft(src, start, eol)
	for k := range partCommentStart {
		set(k, s)
	}
	set(partCommentStart, eol)
	set(partCommentEnd, eol)
	if s == eol {
		l.Kind = LineBlank
		return
	}
	// The first '#' starts a comment: neither RFC 9309 nor any crawler has
	// a way to escape it, not even inside a URL.
	body := eol
	if hash >= 0 {
		body = hash
		set(partCommentStart, hash)
		set(partCommentEnd, trimRight(src, hash, eol))
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
		l.flags |= flagColon
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
	set(partKeyStart, key.Start)
	set(partKeyEnd, key.End)
	set(partSepStart, sep.Start)
	set(partValueStart, value.Start)
	set(partValueEnd, value.End)
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
