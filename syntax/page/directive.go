package page

import "github.com/robotslint/robotslint/syntax"

// Directive is one robots META tag, or the part of one X-Robots-Tag header
// value that addresses one crawler.
type Directive struct {
	// Span is the whole <meta> tag, or the header value part from the
	// crawler prefix (or the first rule when there is none) to the end of
	// the last rule it covers.
	Span syntax.Span
	// Agent is the crawler addressed, in lower case: the META tag's name
	// attribute, or the header's prefix; "robots" (every crawler) for a
	// header part without prefix.
	Agent string
	// AgentSpan is the name attribute's value (inside the quotes) or the
	// header prefix without its colon; empty, at Span.Start, for a header
	// part without prefix; the http-equiv value for a <meta
	// http-equiv="X-Robots-Tag"> part without prefix.
	AgentSpan syntax.Span
	// ContentSpan is the content attribute's value inside the quotes, or the
	// header part after its prefix; for a META tag without content
	// attribute it is empty, at the end of the tag name.
	ContentSpan syntax.Span
	// HasContent reports whether the META tag has a content attribute
	// (always true for a header part).
	HasContent bool
	// Rules are the comma-separated rules in the content, empty items left
	// out.
	Rules []Rule
	// InHead reports whether a browser puts this META tag in <head>, the
	// only place Google documents for it. Always false for a header part.
	InHead bool
	// Header reports whether this part came from an X-Robots-Tag header
	// value (ParseHeader) rather than a META tag.
	Header bool
	// HTTPEquiv reports a <meta http-equiv="X-Robots-Tag"> tag: a header
	// written as a META tag, which Agent reads as "robots".
	HTTPEquiv bool
}

// Rule is one rule in a robots META content or X-Robots-Tag value, such as
// "noindex" or "max-snippet: 20".
type Rule struct {
	// Span is the rule from the first byte of its name to the last byte of
	// its value, surrounding spaces left out.
	Span syntax.Span
	// NameSpan is the name as written.
	NameSpan syntax.Span
	// ValueSpan is the value after the colon, trimmed; when the rule has no
	// value it is empty, at the end of the name.
	ValueSpan syntax.Span
	// Name is the rule name in lower case, e.g. "noindex", "max-snippet",
	// "unavailable_after", with character references decoded.
	Name string
	// Value is the trimmed value after the colon, case kept, "" when none.
	// An unavailable_after date keeps its commas and colons.
	Value string
	// HasValue reports whether the rule has a colon, even with nothing
	// after it.
	HasValue bool
}
