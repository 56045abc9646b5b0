package page

import (
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// inside fails unless sp is a forward span within [0, n).
func inside(t *testing.T, what string, sp syntax.Span, n int) bool {
	t.Helper()
	if sp.Start < 0 || sp.End < sp.Start || sp.End > n {
		t.Errorf("%s span %d:%d outside input of %d bytes", what, sp.Start, sp.End, n)
		return false
	}
	return true
}

// within fails unless inner lies inside outer.
func within(t *testing.T, what string, inner, outer syntax.Span) {
	t.Helper()
	if inner.Start < outer.Start || inner.End > outer.End {
		t.Errorf("%s span %d:%d outside %d:%d", what, inner.Start, inner.End, outer.Start, outer.End)
	}
}

// checkDirective checks every span of d: inside src, nested in order, and
// agreeing with the names and values.
func checkDirective(t *testing.T, src []byte, d Directive) {
	t.Helper()
	for _, sp := range []syntax.Span{d.Span, d.AgentSpan, d.ContentSpan} {
		if !inside(t, "directive", sp, len(src)) {
			return
		}
	}
	within(t, "agent", d.AgentSpan, d.Span)
	within(t, "content", d.ContentSpan, d.Span)
	prev := d.ContentSpan.Start
	for _, r := range d.Rules {
		for _, sp := range []syntax.Span{r.Span, r.NameSpan, r.ValueSpan} {
			if !inside(t, "rule", sp, len(src)) {
				return
			}
		}
		within(t, "rule", r.Span, d.ContentSpan)
		if r.Span.Start < prev {
			t.Errorf("rule %q starts before the end of the one before it", r.Name)
		}
		prev = r.Span.End
		checkRuleText(t, src, r)
	}
}

// checkDocument checks every span of doc.
func checkDocument(t *testing.T, doc *Document) {
	t.Helper()
	n := len(doc.Src)
	inside(t, "head", doc.Head, n)
	inside(t, "body start", doc.BodyStart, n)
	prev := 0
	for _, d := range doc.Metas {
		checkDirective(t, doc.Src, d)
		// A META span that does not start at "<meta" means the running
		// offset over the tokenizer's raw tokens went wrong.
		if tag := at(doc.Src, d.Span); !hasPrefixFold([]byte(tag), "<meta") {
			t.Errorf("meta span %d:%d holds %q", d.Span.Start, d.Span.End, tag)
		}
		if d.Span.Start < prev {
			t.Errorf("meta at %d before the one before it", d.Span.Start)
		}
		prev = d.Span.Start
	}
	for _, s := range doc.Sections {
		if !inside(t, "section open", s.Open, n) || !inside(t, "section close", s.Close, n) {
			continue
		}
		if !s.Orphan && !hasPrefixFold([]byte(at(doc.Src, s.Open)), "<") || s.Closed && s.Close.Len() > 0 && !hasPrefixFold([]byte(at(doc.Src, s.Close)), "<") {
			t.Errorf("%s section marker spans %d:%d, %d:%d do not start at a tag", s.Kind, s.Open.Start, s.Open.End, s.Close.Start, s.Close.End)
		}
		if s.Open.End > s.Close.Start {
			t.Errorf("%s section closes at %d before it opens at %d", s.Kind, s.Close.Start, s.Open.End)
		}
		for _, r := range s.Rules {
			inside(t, "section rule", r.Span, n)
			within(t, "section rule", r.Span, s.Open)
		}
	}
}
