package output

import (
	"bufio"
	"io"
	"strings"
)

// SGR sequences of the terminal rendering of Markdown. Each style is ended
// by its own reset, so that a code span inside a heading keeps the
// heading's bold.
const (
	sgrBold         = "\x1b[1m"
	sgrBoldOff      = "\x1b[22m"
	sgrUnderline    = "\x1b[4m"
	sgrUnderlineOff = "\x1b[24m"
	sgrCode         = "\x1b[36m" // cyan
	sgrCodeOff      = "\x1b[39m"
)

// WriteMarkdown writes the Markdown that documents a rule (rules.Explain)
// for a person at a terminal. Code blocks lose their fences and are
// indented by four spaces. With color, a line that starts with bold text
// is a heading, shown bold and underlined; other bold text is bold; code
// spans are cyan without their backticks. Without color (a pipe, a file,
// NO_COLOR), the bold markers go and code spans keep their backticks, which
// set code apart in plain text as they do in robotslint's messages.
//
// It knows the Markdown rules.Explain writes: paragraphs, **bold**,
// `code`, fenced code blocks and "- " list items. A single * is text, as
// in "the * group".
func WriteMarkdown(w io.Writer, doc string, color bool) error {
	bw := bufio.NewWriter(w)
	fenced := false
	for line := range strings.Lines(doc) {
		text := strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(text, "```"):
			fenced = !fenced
			continue
		case fenced && text != "":
			bw.WriteString("    " + text)
		default:
			bw.WriteString(markdownInline(text, color))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// markdownInline renders the bold text and code spans of one line.
func markdownInline(text string, color bool) string {
	var b strings.Builder
	heading := strings.HasPrefix(text, "**")
	for text != "" {
		i := strings.IndexAny(text, "`*")
		if i < 0 {
			b.WriteString(text)
			break
		}
		b.WriteString(text[:i])
		text = text[i:]
		if text[0] == '`' {
			end := strings.IndexByte(text[1:], '`')
			if end < 0 {
				b.WriteString(text)
				break
			}
			code := text[1 : 1+end]
			if color {
				b.WriteString(sgrCode + code + sgrCodeOff)
			} else {
				b.WriteString("`" + code + "`")
			}
			text = text[2+end:]
			continue
		}
		end := -1
		if strings.HasPrefix(text, "**") {
			end = strings.Index(text[2:], "**")
		}
		if end < 0 {
			b.WriteByte('*')
			text = text[1:]
			continue
		}
		inner := markdownInline(text[2:2+end], color)
		switch {
		case !color:
			b.WriteString(inner)
		case heading:
			b.WriteString(sgrBold + sgrUnderline + inner + sgrUnderlineOff + sgrBoldOff)
		default:
			b.WriteString(sgrBold + inner + sgrBoldOff)
		}
		heading = false
		text = text[4+end:]
	}
	return b.String()
}
