package lsp

import (
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/syntax"
)

// The semantic token legend. Only standard LSP token types and modifiers
// are used, so that every theme colours them without configuration:
//
//   - keyword: a directive name the parser knows (User-agent, Disallow,
//     Crawl-delay...)
//   - property: any other key (an unknown or misspelled name), so that
//     "Disalow" does not look like a keyword
//   - type: a user-agent value, the crawler a group is for
//   - string: a path, URL or other value
//   - number: a Crawl-delay that is a plain decimal number
//   - operator: a wildcard: '*' in a rule's path or as the whole
//     user-agent value, and '$' at the end of a rule's path, the only
//     place where RFC 9309 and Google read it as the end of the URL
//   - comment: a comment; and, with the modifier deprecated, the text of
//     an invalid line, which crawlers skip as if it were a comment (VS
//     Code strikes deprecated tokens through)
//
// The colon and the whitespace get no token.
var (
	semanticTokenTypes = []string{
		string(protocol.SemanticTokenTypesKeyword),
		string(protocol.SemanticTokenTypesProperty),
		string(protocol.SemanticTokenTypesType),
		string(protocol.SemanticTokenTypesString),
		string(protocol.SemanticTokenTypesNumber),
		string(protocol.SemanticTokenTypesOperator),
		string(protocol.SemanticTokenTypesComment),
	}
	semanticTokenModifiers = []string{
		string(protocol.SemanticTokenModifiersDeprecated),
	}
)

// The indices of the token types in semanticTokenTypes, and the bits of
// the modifiers in semanticTokenModifiers.
const (
	tokenKeyword uint32 = iota
	tokenProperty
	tokenType
	tokenString
	tokenNumber
	tokenOperator
	tokenComment

	modifierDeprecated uint32 = 1 << 0
)

// A semanticToken is one token of the document, by byte range. Tokens
// never span lines.
type semanticToken struct {
	line      int // the index of its line in File.Lines
	span      syntax.Span
	typ, mods uint32
}

// semanticTokens returns the tokens of d in the relative encoding of LSP:
// five integers per token (line delta, start delta, length, type,
// modifiers), columns and lengths in the code units of d's position
// encoding.
func semanticTokens(d *document) []uint32 {
	f := d.file
	src := f.Bytes()
	tokens := documentTokens(f)
	data := make([]uint32, 0, 5*len(tokens))
	prevLine, prevChar := 0, 0
	// Columns are counted along each line from the line's start rather
	// than asked of the converter token by token, which would count from
	// the line's start every time: a long line of wildcards would cost the
	// square of its length.
	line, off, char := -1, 0, 0
	for _, t := range tokens {
		if t.line != line {
			line, off, char = t.line, f.Lines[t.line].Span.Start, 0
		}
		var length int
		if line == 0 && f.BOM.Len() > 0 {
			// The byte order mark is a column of the first line. Part of
			// one (EF, EF BB) may begin a character with the bytes after
			// it, which the converter counts as a whole; it decides.
			start, end := d.conv.position(t.span.Start), d.conv.position(t.span.End)
			char, length = int(start.Character), int(end.Character-start.Character)
			if length == 0 {
				continue
			}
		} else {
			char += codeUnits(src[off:t.span.Start], d.conv.enc)
			length = codeUnits(src[t.span.Start:t.span.End], d.conv.enc)
		}
		deltaChar := char
		if line == prevLine {
			deltaChar -= prevChar
		}
		data = append(data, uint32(line-prevLine), uint32(deltaChar), uint32(length), t.typ, t.mods)
		prevLine, prevChar = line, char
		off, char = t.span.End, char+length
	}
	return data
}

// codeUnits returns the length of b in units of enc, counted as
// syntax.LineIndex counts columns: each byte of invalid UTF-8 is one unit.
// Tokens start and end next to ASCII bytes, so counting a token on its own
// splits no character.
func codeUnits(b []byte, enc syntax.Encoding) int {
	if enc == syntax.UTF8 {
		return len(b)
	}
	n := 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		n++
		if enc == syntax.UTF16 && r >= 0x10000 {
			n++
		}
		i += size
	}
	return n
}

// documentTokens returns the non-empty tokens of f in order.
func documentTokens(f *syntax.File) []semanticToken {
	var tokens []semanticToken
	line := 0
	add := func(s syntax.Span, typ, mods uint32) {
		if s.Len() > 0 {
			tokens = append(tokens, semanticToken{line, s, typ, mods})
		}
	}
	src := f.Bytes()
	for i := range f.Lines {
		line = i
		l := &f.Lines[i]
		switch l.Kind {
		case syntax.LineDirective:
			if l.Directive == syntax.DirectiveOther {
				add(l.Key(), tokenProperty, 0)
			} else {
				add(l.Key(), tokenKeyword, 0)
			}
			v := l.Value()
			switch {
			case l.Directive.IsRule():
				// A path splits around its wildcards.
				start := v.Start
				for j := v.Start; j < v.End; j++ {
					if src[j] == '*' || src[j] == '$' && j == v.End-1 {
						add(syntax.Span{Start: start, End: j}, tokenString, 0)
						add(syntax.Span{Start: j, End: j + 1}, tokenOperator, 0)
						start = j + 1
					}
				}
				add(syntax.Span{Start: start, End: v.End}, tokenString, 0)
			case l.Directive == syntax.DirectiveUserAgent && string(f.Text(v)) == "*":
				add(v, tokenOperator, 0)
			case l.Directive == syntax.DirectiveUserAgent:
				add(v, tokenType, 0)
			case l.Directive == syntax.DirectiveCrawlDelay && isDecimal(f.Text(v)):
				add(v, tokenNumber, 0)
			default:
				add(v, tokenString, 0)
			}
			add(l.Comment(), tokenComment, 0)
		case syntax.LineComment:
			add(l.Comment(), tokenComment, 0)
		case syntax.LineInvalid:
			// The text runs from the first non-blank byte (where the empty
			// key is) to the comment or the end of the line. A line too long
			// to be split into parts has all of them empty at its start.
			text, c := l.Text(), l.Comment()
			end := text.End
			if c.Len() > 0 {
				end = c.Start
			}
			for end > l.Key().Start && isBlankByte(src[end-1]) {
				end--
			}
			add(syntax.Span{Start: l.Key().Start, End: end}, tokenComment, modifierDeprecated)
			add(c, tokenComment, 0)
		}
	}
	return tokens
}

// isDecimal reports whether v is digits with at most one '.' among them
// ("10", "0.5"), the form of number crawlers that honour Crawl-delay read.
func isDecimal(v []byte) bool {
	digits, dots := 0, 0
	for _, c := range v {
		switch {
		case '0' <= c && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

// isBlankByte reports whether c is whitespace inside a line as the parser
// reads it.
func isBlankByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\v' || c == '\f'
}
