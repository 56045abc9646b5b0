package syntax

import (
	"bytes"
	"unicode/utf8"
)

// sniffLen is how much of the start of a file detectFileKind looks at.
const sniffLen = 1024

// detectFileKind tells whether src, read from offset from, is not robots.txt
// text at all but something a server sent in its place: an HTML page, an XML
// or JSON error document, UTF-16 text or binary data. It returns factNone
// for anything else, and otherwise the kind and its evidence: the first
// non-blank line's text. Crawlers still parse such files line by line (and
// may find rules in them), so this is a fact about the file, not a reason to
// read it differently.
func detectFileKind(src []byte, from int) (FactKind, Span) {
	s := from
	for s < len(src) && (isSpace(src[s]) || src[s] == '\n' || src[s] == '\r') {
		s++
	}
	if s == len(src) {
		return factNone, Span{}
	}
	// The end of the first line: its LF, or a CR before it. (Looking for a
	// CR in the whole file would read all of a file that has none.)
	e := indexFrom(src, s, '\n')
	e = s + indexFrom(src[s:e], 0, '\r')
	evidence := Span{s, trimRight(src, s, e)}
	head := src[s:min(len(src), s+sniffLen)]

	switch {
	case isUTF16(src[from:min(len(src), from+sniffLen)]):
		return FactUTF16, evidence
	case isBinary(head):
		return FactBinary, evidence
	case head[0] == '<':
		var lower [sniffLen]byte
		for i, c := range head {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			lower[i] = c
		}
		if looksLikeHTML(lower[:len(head)]) {
			return FactHTML, evidence
		}
		if len(head) > 1 && (head[1] == '?' || head[1] == '!' || isASCIILetter(head[1])) {
			return FactXML, evidence
		}
	case head[0] == '{' || head[0] == '[':
		last := len(src)
		for last > s && (src[last-1] == '\n' || src[last-1] == '\r' || isSpace(src[last-1])) {
			last--
		}
		if closing := src[last-1]; head[0] == '{' && closing == '}' || head[0] == '[' && closing == ']' {
			return FactJSON, evidence
		}
	}
	return factNone, Span{}
}

// htmlMarkers are tags that start HTML pages and the HTML error output of
// web frameworks (PHP warnings start with <br /> and <b>). Matching any of
// them in a file that starts with '<' tells HTML from other XML.
var htmlMarkers = [][]byte{
	[]byte("<!doctype html"), []byte("<html"), []byte("<head"), []byte("<body"),
	[]byte("<title"), []byte("<meta"), []byte("<script"), []byte("<style"), []byte("<link"),
	[]byte("<div"), []byte("<p>"), []byte("<br"), []byte("<b>"), []byte("<center"),
	[]byte("<h1"), []byte("<table"), []byte("<pre"),
}

func looksLikeHTML(lower []byte) bool {
	for _, m := range htmlMarkers {
		if bytes.Contains(lower, m) {
			return true
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isUTF16 reports whether b starts with a UTF-16 byte order mark or holds
// mostly ASCII text stored as UTF-16, where every other byte is NUL. The
// second test also catches UTF-16 whose byte order mark was mangled into
// UTF-8 mojibake ("ÿþ") on the way.
func isUTF16(b []byte) bool {
	if bytes.HasPrefix(b, []byte{0xFF, 0xFE}) || bytes.HasPrefix(b, []byte{0xFE, 0xFF}) {
		return true
	}
	var zeros [2]int
	for i, c := range b {
		if c == 0 {
			zeros[i&1]++
		}
	}
	more, fewer := max(zeros[0], zeros[1]), min(zeros[0], zeros[1])
	return more >= 8 && more*5 >= len(b)*2 && fewer*10 <= more
}

// binaryMagic are the first bytes of file formats that servers send in
// place of robots.txt: images, PDF, compressed archives.
var binaryMagic = [][]byte{
	{0x89, 'P', 'N', 'G'}, {0xFF, 0xD8, 0xFF}, []byte("GIF87a"), []byte("GIF89a"),
	[]byte("%PDF-"), {0x1F, 0x8B}, {'P', 'K', 0x03, 0x04}, []byte("RIFF"),
	{0x28, 0xB5, 0x2F, 0xFD}, []byte("BZh"), {0xFD, '7', 'z', 'X', 'Z', 0x00},
}

// isBinary reports whether b starts with a known binary format or has so
// many characters no text has (controls, NULs, invalid UTF-8, and the
// U+FFFD a lossy decoder leaves behind) that it cannot be text.
func isBinary(b []byte) bool {
	for _, m := range binaryMagic {
		if bytes.HasPrefix(b, m) {
			return true
		}
	}
	chars, odd := 0, 0
	for i := 0; i < len(b); chars++ {
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && !isSpace(c) && c != '\n' && c != '\r' || c == 0x7F {
				odd++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError || r <= 0x9F {
			odd++
		}
		i += size
	}
	return odd >= 8 && odd*10 >= chars
}
