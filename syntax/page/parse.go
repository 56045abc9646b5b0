package page

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/robotslint/robotslint/syntax"
)

// ParseHTML reads the robots directives of an HTML page. It accepts any
// bytes and never fails.
//
// It reads the whole page with golang.org/x/net/html's tokenizer, keeping a
// running byte offset over the raw tokens, and follows just enough of the
// HTML tree builder to know where <head> ends: at </head>, at <body>, or at
// the first token a browser cannot put in <head> (a start tag other than
// base, basefont, bgsound, link, meta, noscript, script, style, template or
// title, or text other than spaces). META tags between </head> and the body
// count as in <head>, since browsers move them there.
//
// The issue suggested stopping at </head> for speed; the scan goes on to the
// end instead, because a robots META tag in <body> (which Sitebulb reports
// as critical) and the section markers live there. Past the head, only
// <meta>, <noindex> and elements whose raw tag holds "nosnippet" have their
// attributes read, and only comments are inspected, so the body costs the
// tokenizer's pass and little more (see BenchmarkParseHTML).
func ParseHTML(src []byte) *Document {
	p := parser{doc: &Document{Src: src}, src: src}
	p.run()
	return p.doc
}

// headState is where the tree builder would be with respect to <head>.
type headState uint8

const (
	beforeHead headState = iota
	inHead
	afterHead
	inBody
)

// parser holds the state of one ParseHTML call.
type parser struct {
	doc   *Document
	src   []byte
	state headState
	// open holds, per kind, the indices in doc.Sections of the unclosed
	// sections in the order they opened (data-nosnippet elements are in
	// snippet instead).
	open [DataNosnippet][]int
	// snippet tracks the unclosed data-nosnippet elements.
	snippet nosnippetTracker
	attrs   []attr
	// tokenizeBody makes the tokenizer read the body too, instead of
	// scanBody; TestBodyScanAgrees compares the two readings.
	tokenizeBody bool
	// headOpen reports a <head> start tag, which Document.Head spans.
	headOpen bool
}

// nosnippetTracker pairs data-nosnippet elements with their end tags. While
// one is open it counts the open elements of each tag name; an element
// closes at the end tag that brings its name's count back to what it was
// when the element opened. Each tag costs O(1), so a page of thousands of
// nested elements stays linear.
type nosnippetTracker struct {
	// open maps a tag name to its unclosed data-nosnippet elements,
	// innermost last.
	open  map[string][]nosnippetElem
	count map[string]int
	n     int
}

type nosnippetElem struct {
	section int
	level   int
}

// headTags are the start tags a browser puts in <head>.
var headTags = map[atom.Atom]bool{
	atom.Base: true, atom.Basefont: true, atom.Bgsound: true, atom.Link: true, atom.Meta: true,
	atom.Noscript: true, atom.Script: true, atom.Style: true, atom.Template: true, atom.Title: true,
}

// rawTags are the elements whose content the tokenizer returns as one text
// token, which is never body content of its own.
var rawTags = map[atom.Atom]bool{
	atom.Iframe: true, atom.Noembed: true, atom.Noframes: true, atom.Noscript: true,
	atom.Plaintext: true, atom.Script: true, atom.Style: true, atom.Textarea: true,
	atom.Title: true, atom.Xmp: true,
}

// voidTags are the elements that have no end tag.
var voidTags = map[atom.Atom]bool{
	atom.Area: true, atom.Base: true, atom.Br: true, atom.Col: true, atom.Embed: true,
	atom.Hr: true, atom.Img: true, atom.Input: true, atom.Link: true, atom.Meta: true,
	atom.Source: true, atom.Track: true, atom.Wbr: true,
}

func (p *parser) run() {
	z := html.NewTokenizer(bytes.NewReader(p.src))
	off := 0
	// raw is the raw-text element (script, style…) whose content the
	// tokenizer returns next, as one text token that is not body content.
	var raw []byte
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		n := len(z.Raw())
		tok := syntax.Span{Start: off, End: min(off+n, len(p.src))}
		off += n
		inRaw := raw != nil
		raw = nil
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			p.startTag(tok, a, name, tt == html.SelfClosingTagToken)
			if rawTags[a] && tt == html.StartTagToken {
				raw = name
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			p.endTag(tok, atom.Lookup(name), name)
		case html.CommentToken:
			p.comment(tok)
		case html.TextToken:
			if !inRaw {
				p.text(tok)
			}
		}
		if p.state == inBody && !p.tokenizeBody {
			p.scanBody(off, raw)
			break
		}
	}
	end := syntax.Span{Start: len(p.src), End: len(p.src)}
	for _, open := range p.open {
		for _, i := range open {
			p.doc.Sections[i].Close = end
		}
	}
	for _, stack := range p.snippet.open {
		for _, e := range stack {
			p.doc.Sections[e.section].Close = end
		}
	}
	if p.headOpen && p.state == inHead {
		p.doc.Head.End = len(p.src)
	}
}

// enterBody records that tok begins the body, ending the head.
func (p *parser) enterBody(tok syntax.Span) {
	if p.state == inBody {
		return
	}
	if p.state == inHead && p.headOpen {
		p.doc.Head.End = tok.Start
	}
	p.state = inBody
	p.doc.BodyStart = tok
}

func (p *parser) startTag(tok syntax.Span, a atom.Atom, name []byte, selfClosing bool) {
	switch {
	case a == atom.Html:
	case a == atom.Head:
		if p.state == beforeHead {
			p.state = inHead
			p.headOpen = true
			p.doc.Head = syntax.Span{Start: tok.Start, End: tok.End}
		}
	case headTags[a]:
		if p.state == beforeHead {
			p.state = inHead
		}
	default:
		p.enterBody(tok)
	}
	if p.snippet.n > 0 {
		p.snippet.count[string(name)]++
	}
	switch {
	case a == atom.Meta:
		p.meta(tok)
	case a == 0 && string(name) == "noindex":
		p.openSection(Section{Kind: YandexNoindexTag, Open: tok})
	}
	if containsFold(p.src[tok.Start:tok.End], "nosnippet") {
		p.nosnippet(tok, a, name, selfClosing)
	}
}

func (p *parser) endTag(tok syntax.Span, a atom.Atom, name []byte) {
	switch a {
	case atom.Head:
		if p.state == inHead {
			p.state = afterHead
			if p.headOpen {
				p.doc.Head.End = tok.End
			}
		}
	case atom.Body, atom.Html, atom.Br:
		if p.state == inHead {
			p.state = afterHead
			if p.headOpen {
				p.doc.Head.End = tok.Start
			}
		}
	case 0:
		if string(name) == "noindex" {
			p.closeSection(YandexNoindexTag, tok, nil)
		}
	}
	if t := &p.snippet; t.n > 0 {
		key := string(name)
		c := t.count[key]
		if stack := t.open[key]; len(stack) > 0 && stack[len(stack)-1].level == c {
			i := stack[len(stack)-1].section
			s := &p.doc.Sections[i]
			s.Close, s.Closed = tok, true
			t.open[key] = stack[:len(stack)-1]
			t.n--
		}
		if c > 0 {
			t.count[key] = c - 1
		}
	}
}

func (p *parser) text(tok syntax.Span) {
	if p.state == inBody {
		return
	}
	s, e := trimSpan(p.src, tok.Start, tok.End)
	if s < e {
		p.enterBody(syntax.Span{Start: s, End: e})
	}
}

// meta keeps a <meta> tag whose name could address a crawler, or an
// http-equiv="X-Robots-Tag" one.
func (p *parser) meta(tok syntax.Span) {
	src := p.src
	p.attrs = scanAttrs(src, tagNameEnd(src, tok.Start, tok.End), tok.End, p.attrs[:0])
	var name, content, equiv *attr
	for i := range p.attrs {
		a := &p.attrs[i]
		n := src[a.Name.Start:a.Name.End]
		// The first of a repeated attribute wins, as in the tokenizer's tree.
		switch {
		case name == nil && bytes.EqualFold(n, []byte("name")):
			name = a
		case content == nil && bytes.EqualFold(n, []byte("content")):
			content = a
		case equiv == nil && bytes.EqualFold(n, []byte("http-equiv")):
			equiv = a
		}
	}
	inHead := p.state != inBody
	if equiv != nil && strings.EqualFold(strings.TrimSpace(text(src[equiv.Value.Start:equiv.Value.End], true)), "x-robots-tag") {
		if content == nil {
			p.doc.Metas = append(p.doc.Metas, Directive{Span: tok, Agent: "robots", AgentSpan: equiv.Value,
				ContentSpan: syntax.Span{Start: equiv.Value.End, End: equiv.Value.End}, InHead: inHead, HTTPEquiv: true})
			return
		}
		for _, d := range parseHeader(src, content.Value.Start, content.Value.End) {
			d.Span, d.Header, d.HTTPEquiv, d.InHead = tok, false, true, inHead
			if d.AgentSpan.Len() == 0 {
				d.AgentSpan = equiv.Value
			}
			p.doc.Metas = append(p.doc.Metas, d)
		}
		return
	}
	if name == nil {
		return
	}
	ns, ne := trimSpan(src, name.Value.Start, name.Value.End)
	agent := strings.ToLower(text(src[ns:ne], true))
	if !IsCrawlerName(agent) {
		return
	}
	d := Directive{Span: tok, Agent: agent, AgentSpan: syntax.Span{Start: ns, End: ne}, InHead: inHead}
	if content == nil {
		e := tagNameEnd(src, tok.Start, tok.End)
		d.ContentSpan = syntax.Span{Start: e, End: e}
	} else {
		d.HasContent = true
		d.ContentSpan = content.Value
		d.Rules = splitRules(src, content.Value.Start, content.Value.End, true)
	}
	p.doc.Metas = append(p.doc.Metas, d)
}

// nosnippet opens a DataNosnippet section if the tag has a data-nosnippet
// attribute. A void element is closed where it stands. Other elements
// close at their matching end tag (same-name elements inside are counted);
// one whose end tag HTML lets authors omit (p, li, td…) and that has none
// stays unclosed, though a browser would close it.
func (p *parser) nosnippet(tok syntax.Span, a atom.Atom, name []byte, selfClosing bool) {
	src := p.src
	p.attrs = scanAttrs(src, tagNameEnd(src, tok.Start, tok.End), tok.End, p.attrs[:0])
	found := false
	for _, at := range p.attrs {
		if bytes.EqualFold(src[at.Name.Start:at.Name.End], []byte("data-nosnippet")) {
			found = true
			break
		}
	}
	if !found {
		return
	}
	if voidTags[a] || selfClosing && a == 0 {
		p.doc.Sections = append(p.doc.Sections, Section{Kind: DataNosnippet, Open: tok,
			Close: syntax.Span{Start: tok.End, End: tok.End}, Closed: true})
		return
	}
	t := &p.snippet
	key := string(name)
	if t.n == 0 {
		// Counting starts with the first open element; the start tag
		// itself was not counted yet.
		t.open = map[string][]nosnippetElem{}
		t.count = map[string]int{key: 1}
	}
	// The tracker, not p.open, holds open data-nosnippet elements: they
	// close out of order, which p.open would pay for with a search.
	p.doc.Sections = append(p.doc.Sections, Section{Kind: DataNosnippet, Open: tok})
	i := len(p.doc.Sections) - 1
	t.open[key] = append(t.open[key], nosnippetElem{section: i, level: t.count[key]})
	t.n++
}

// openSection appends s as open and returns its index.
func (p *parser) openSection(s Section) int {
	p.doc.Sections = append(p.doc.Sections, s)
	i := len(p.doc.Sections) - 1
	p.open[s.Kind] = append(p.open[s.Kind], i)
	return i
}

// matchDepth bounds how many open sections closeSection looks through for
// one that match accepts: real pages nest a few, and a bound keeps a page of
// thousands of unmatched markers linear.
const matchDepth = 32

// closeSection closes the innermost open section of kind k that match
// accepts among the innermost matchDepth (else the innermost one; any if
// match is nil), or records an orphan closing marker.
func (p *parser) closeSection(k SectionKind, tok syntax.Span, match func(*Section) bool) {
	open := p.open[k]
	if len(open) > 0 {
		j := len(open) - 1
		if match != nil {
			for m := j; m >= 0 && m >= len(open)-matchDepth; m-- {
				if match(&p.doc.Sections[open[m]]) {
					j = m
					break
				}
			}
		}
		s := &p.doc.Sections[open[j]]
		s.Close, s.Closed = tok, true
		p.open[k] = append(open[:j], open[j+1:]...)
		return
	}
	p.doc.Sections = append(p.doc.Sections, Section{Kind: k, Open: syntax.Span{Start: tok.Start, End: tok.Start},
		Close: tok, Closed: true, Orphan: true})
}
