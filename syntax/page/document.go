// Package page reads the robots directives a web page carries: robots META
// tags, X-Robots-Tag header values and the section markers that exclude
// parts of a page (the Spiderline robots comment, Yandex's noindex tag and
// comment, Google Search Appliance's googleoff comments and data-nosnippet).
//
// Like package syntax it takes bytes and returns values, never fails and
// judges nothing: every name, value and rule keeps its exact byte range so
// that lint rules can point at it and fix it, and deciding what a value
// means to a crawler is the job of the rules and the crawler knowledge base.
// It does no I/O, so it also builds for WebAssembly.
package page

import "github.com/robotslint/robotslint/syntax"

// Document is what ParseHTML read from one HTML page.
type Document struct {
	// Src is the page as given; every span indexes into it.
	Src []byte
	// Metas are the robots META tags in document order, wherever they
	// appear; Directive.InHead tells those a browser puts in <head> from
	// those it puts in <body>. See IsCrawlerName for which tags are kept.
	Metas []Directive
	// Sections are the section markers in the order they open (a stray
	// closing marker counts as opening where it stands).
	Sections []Section
	// Head spans the <head> element, from its start tag to the end of its
	// end tag, or up to the token that ends it implicitly; zero if the page
	// has no <head> start tag.
	Head syntax.Span
	// BodyStart is the token at which the body begins: the <body> start
	// tag, or the first content that a browser cannot put in <head> (a
	// <div>, an <img>, text), which is how a stray element pushes the META
	// tags after it out of <head>. Zero if the page never leaves its head.
	BodyStart syntax.Span
}
