package prose

import (
	"strings"
	"unicode/utf8"
)

// Quote writes robots.txt text for a message: in backquotes, with control
// characters and bytes that are not UTF-8 shown as \xNN escapes (a
// terminal or an editor would otherwise act on them or show nothing), and
// when longer than 80 bytes, shortened in the middle to its first 60 and
// last 15 bytes or so, cut between characters: the end of a long path is
// often where it differs from its neighbours.
func Quote(text []byte) string {
	const long, head, tail = 80, 60, 15
	var b strings.Builder
	b.WriteByte('`')
	if len(text) > long {
		h, t := head, len(text)-tail
		for h > 0 && !utf8.RuneStart(text[h]) && h > head-utf8.UTFMax {
			h--
		}
		for t < len(text) && !utf8.RuneStart(text[t]) && t < len(text)-tail+utf8.UTFMax {
			t++
		}
		writeVisible(&b, text[:h])
		b.WriteString("…")
		writeVisible(&b, text[t:])
	} else {
		writeVisible(&b, text)
	}
	b.WriteByte('`')
	return b.String()
}

// writeVisible writes text with control characters and invalid UTF-8
// escaped.
func writeVisible(b *strings.Builder, text []byte) {
	const hex = "0123456789abcdef"
	for len(text) > 0 {
		r, size := utf8.DecodeRune(text)
		if r == utf8.RuneError && size <= 1 || r < 0x20 || r == 0x7f {
			b.WriteString(`\x`)
			b.WriteByte(hex[text[0]>>4])
			b.WriteByte(hex[text[0]&15])
			text = text[1:]
			continue
		}
		b.Write(text[:size])
		text = text[size:]
	}
}
