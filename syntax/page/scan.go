package page

import (
	"bytes"

	"golang.org/x/net/html/atom"

	"github.com/robotslint/robotslint/syntax"
)

// scanBody reads the body, from offset i to the end, for what can still
// matter there: <meta> tags, comments (section markers), <noindex> and
// </noindex>, tags holding "nosnippet", and the end tags of open
// data-nosnippet elements. It replaces the x/net/html tokenizer past the
// head because that tokenizer copies every tag's attributes (about 40 MB/s
// on a real page); this one only jumps from "<" to "<", finding each tag's
// end the way the tokenizer does (quoted values may hold ">"), skipping the
// text of raw-text elements (script, style, textarea…) and comments, and
// allocates nothing for tags it does not keep. TestBodyScanAgrees checks it
// against the tokenizer on the corpus. raw is the raw-text element whose
// content starts at i, if the head ended on one ("" if none).
func (p *parser) scanBody(i int, raw []byte) {
	src := p.src
	if len(raw) > 0 {
		i = rawTextEnd(src, i, raw)
	}
	var nameBuf [16]byte
	for i < len(src) {
		lt := bytes.IndexByte(src[i:], '<')
		if lt < 0 {
			return
		}
		i += lt
		if i+1 >= len(src) {
			return
		}
		switch c := src[i+1]; {
		case c == '!':
			if bytes.HasPrefix(src[i+2:], []byte("--")) {
				end := commentEnd(src, i+4)
				p.comment(syntax.Span{Start: i, End: end})
				i = end
			} else {
				i = bogusEnd(src, i+2)
			}
		case c == '?':
			i = bogusEnd(src, i+1)
		case c == '/':
			if i+2 < len(src) && isLetter(src[i+2]) {
				ne := tagNameEnd(src, i+1, len(src))
				end, ok := tagEnd(src, ne)
				if !ok {
					return
				}
				name := lowerName(nameBuf[:0], src[i+2:ne])
				if p.snippet.n > 0 || string(name) == "noindex" {
					p.endTag(syntax.Span{Start: i, End: end}, atom.Lookup(name), name)
				}
				i = end
			} else if i+2 < len(src) && src[i+2] == '>' {
				i += 3
			} else {
				i = bogusEnd(src, i+2)
			}
		case isLetter(c):
			ne := tagNameEnd(src, i, len(src))
			end, ok := tagEnd(src, ne)
			if !ok {
				return
			}
			name := lowerName(nameBuf[:0], src[i+1:ne])
			a := atom.Lookup(name)
			tok := syntax.Span{Start: i, End: end}
			selfClosing := end-2 > ne && src[end-1] == '>' && src[end-2] == '/'
			if a == atom.Meta || p.snippet.n > 0 || string(name) == "noindex" || containsFold(src[i:end], "nosnippet") {
				p.startTag(tok, a, name, selfClosing)
			}
			i = end
			if rawTags[a] && !selfClosing {
				if a == atom.Plaintext {
					return
				}
				i = rawTextEnd(src, i, name)
			}
		default:
			i++
		}
	}
}

// lowerName appends name in ASCII lower case to buf.
func lowerName(buf, name []byte) []byte {
	for _, c := range name {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf
}

// commentEnd returns the offset just past the comment whose text starts
// at src[i] (after "<!--"): past "-->" or "--!>", or past the abrupt
// "<!-->" and "<!--->" forms, or the end of the page.
func commentEnd(src []byte, i int) int {
	if i < len(src) && src[i] == '>' {
		return i + 1
	}
	if i+1 < len(src) && src[i] == '-' && src[i+1] == '>' {
		return i + 2
	}
	for j := i; j < len(src); {
		k := bytes.Index(src[j:], []byte("--"))
		if k < 0 {
			break
		}
		j += k + 2
		if j < len(src) && src[j] == '>' {
			return j + 1
		}
		if j+1 < len(src) && src[j] == '!' && src[j+1] == '>' {
			return j + 2
		}
		// "--->" ends too: step back one so the next search sees "->".
		j--
	}
	return len(src)
}

// bogusEnd returns the offset just past the ">" ending a doctype, bogus
// comment or CDATA section whose text starts at src[i].
func bogusEnd(src []byte, i int) int {
	if k := bytes.IndexByte(src[i:], '>'); k >= 0 {
		return i + k + 1
	}
	return len(src)
}

// rawTextEnd returns the offset of the end tag closing the raw-text
// element name whose content starts at src[i]: "</" then the name, in any
// case, then a space, "/" or ">". Without one the text runs to the end.
func rawTextEnd(src []byte, i int, name []byte) int {
	for j := i; j < len(src); {
		k := bytes.Index(src[j:], []byte("</"))
		if k < 0 {
			break
		}
		j += k
		e := j + 2 + len(name)
		if e <= len(src) && hasPrefixFold(src[j+2:], string(name)) && (e == len(src) || isSpace(src[e]) || src[e] == '/' || src[e] == '>') {
			return j
		}
		j += 2
	}
	return len(src)
}
