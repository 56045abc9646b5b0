package explain

import (
	"fmt"
	"strings"
)

// A Doc is an explanation: blocks in reading order. The zero Doc explains
// nothing.
type Doc struct {
	Blocks []Block
}

// BlockKind says what a Block holds.
type BlockKind uint8

// The kinds of block.
const (
	// Paragraph is a run of text: Block.Spans.
	Paragraph BlockKind = iota
	// List is a bulleted list, an item per entry of Block.Items.
	List
)

// A Block is a paragraph or a list.
type Block struct {
	Kind  BlockKind
	Spans []Span   // Paragraph
	Items [][]Span // List
}

// SpanKind says how a Span is shown.
type SpanKind uint8

// The kinds of span.
const (
	// Text is prose, shown as it is; a renderer escapes whatever its
	// markup would read in it.
	Text SpanKind = iota
	// Term is the name a paragraph is about: the directive or crawler
	// hovered over. Markdown shows it in bold.
	Term
	// Code is text from a robots.txt file or to type into one: a pattern,
	// a line, a path.
	Code
	// Link is a URL to follow: Span.Text is both the URL and what is
	// shown.
	Link
)

// A Span is a piece of a paragraph or list item.
type Span struct {
	Kind SpanKind
	Text string
}

// String returns the text of the doc with no markup: spans as written,
// blocks separated by blank lines, list items on lines of their own
// starting with "- ". It is what a reader without any markup sees, and
// what tests compare.
func (d Doc) String() string {
	var b strings.Builder
	for k, bl := range d.Blocks {
		if k > 0 {
			b.WriteString("\n\n")
		}
		switch bl.Kind {
		case Paragraph:
			b.WriteString(plain(bl.Spans))
		case List:
			for n, item := range bl.Items {
				if n > 0 {
					b.WriteByte('\n')
				}
				b.WriteString("- ")
				b.WriteString(plain(item))
			}
		}
	}
	return b.String()
}

// plain returns the text of spans with no markup.
func plain(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.Text)
	}
	return b.String()
}

// writer builds a Doc.
type writer struct {
	doc Doc
}

// para adds a paragraph written as fmt would write format with args,
// except that a Span argument keeps its kind and a []Span argument its
// spans: para("%s is %s.", term("GPTBot"), "known"). Only %s and %d are
// verbs here.
func (w *writer) para(format string, args ...any) {
	w.doc.Blocks = append(w.doc.Blocks, Block{Kind: Paragraph, Spans: spans(format, args...)})
}

// list adds a list with an item per entry of items.
func (w *writer) list(items [][]Span) {
	w.doc.Blocks = append(w.doc.Blocks, Block{Kind: List, Items: items})
}

// spans lays out format with args as para describes.
func spans(format string, args ...any) []Span {
	var out []Span
	add := func(s Span) {
		if s.Text == "" {
			return
		}
		if n := len(out); n > 0 && s.Kind == Text && out[n-1].Kind == Text {
			out[n-1].Text += s.Text
			return
		}
		out = append(out, s)
	}
	for len(format) > 0 {
		k := strings.IndexByte(format, '%')
		if k < 0 || k+1 == len(format) {
			add(Span{Text, format})
			break
		}
		add(Span{Text, format[:k]})
		verb := format[k+1]
		format = format[k+2:]
		if verb == '%' {
			add(Span{Text, "%"})
			continue
		}
		if len(args) == 0 {
			// As fmt shows it: a test sees it, a reader never should.
			add(Span{Text, "%!" + string(verb) + "(MISSING)"})
			continue
		}
		switch a := args[0].(type) {
		case Span:
			add(a)
		case []Span:
			for _, s := range a {
				add(s)
			}
		default:
			add(Span{Text, fmt.Sprint(a)})
		}
		args = args[1:]
	}
	return out
}

func term(s string) Span { return Span{Term, s} }
func code(s string) Span { return Span{Code, s} }
func link(s string) Span { return Span{Link, s} }

// join joins items as prose.Join joins words: "a, b and c".
func join(items [][]Span) []Span {
	var out []Span
	for k, item := range items {
		switch {
		case k == 0:
		case k == len(items)-1:
			out = append(out, Span{Text, " and "})
		default:
			out = append(out, Span{Text, ", "})
		}
		out = append(out, item...)
	}
	return spans("%s", out)
}
