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
func Parse(src []byte) *File {
	f := &File{src: src, index: LineIndex{src: src}}
	p := parser{f: f, src: src}
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
}

func (p *parser) parse() {
	src, f := p.src, p.f
	// An upper bound on the number of lines, so the slices are allocated
	// once; counting bytes is vectorised and costs little next to parsing.
	maxLines := bytes.Count(src, []byte{'\n'}) + bytes.Count(src, []byte{'\r'}) + 1
	f.Lines = make([]Line, maxLines)
	p.rules = make([]int, 0, maxLines)
	p.records.comments = -1
	f.index.starts = make([]int, 1, maxLines+1)

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
		p.line(l, i, start)
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
		if l.eolLen > 0 {
			f.index.starts = append(f.index.starts, start)
		}
	}
	f.Lines = f.Lines[:i:i]
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

// line parses the i'th line, which starts at start, into l.
//
// One pass finds the end of the line, the first '#', the first ':' before
// it, and whether the value has a second word; it skips the bytes that
// matter to none of these eight at a time and stops about twice on a
// typical line. Everything else looks at a few bytes around those places.
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
				for eol+1 < len(src) && isSpace(src[eol+1]) {
					eol++
					odd = odd || src[eol] == '\v' || src[eol] == '\f'
				}
				inValue = true
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
	l.Directive = LookupDirective(src[key.Start:key.End])
	l.keyStart, l.keyEnd = rel(key.Start), rel(key.End)
	l.sepStart, l.sepEnd = rel(sep.Start), rel(sep.End)
	l.valueStart, l.valueEnd = rel(value.Start), rel(value.End)
	switch {
	case l.Directive == DirectiveUserAgent:
		p.agents = append(p.agents, i)
	case l.Directive.IsRule():
		p.rules = append(p.rules, i)
	}
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

func trimLeft(src []byte, from, to int) int {
	for from < to && isSpace(src[from]) {
		from++
	}
	return from
}

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

// lineSplitter cuts source into lines at LF, CRLF and lone CR. It remembers
// where the next LF and CR are, so a file that uses only one of them is
// searched once for the other, not once a line.
type lineSplitter struct {
	src            []byte
	pos            int
	nextLF, nextCR int
}

func newLineSplitter(src []byte, from int) lineSplitter {
	return lineSplitter{src: src, pos: from, nextLF: -1, nextCR: -1}
}

// next returns the next line [start, end) with its content ending at eol,
// or ok false after the last line.
func (s *lineSplitter) next() (start, eol, end int, ok bool) {
	src := s.src
	if s.pos >= len(src) {
		return 0, 0, 0, false
	}
	if s.nextLF < s.pos {
		s.nextLF = indexFrom(src, s.pos, '\n')
	}
	if s.nextCR < s.pos {
		s.nextCR = indexFrom(src, s.pos, '\r')
	}
	start, eol = s.pos, min(s.nextLF, s.nextCR)
	end = eol
	if eol < len(src) {
		end++
		if src[eol] == '\r' && end < len(src) && src[end] == '\n' {
			end++
		}
	}
	s.pos = end
	return start, eol, end, true
}

// indexFrom returns the index of the first c in src at or after from, or
// len(src).
func indexFrom(src []byte, from int, c byte) int {
	if i := bytes.IndexByte(src[from:], c); i >= 0 {
		return from + i
	}
	return len(src)
}
