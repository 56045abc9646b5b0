package page

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// at returns the text at sp, or a marker if sp lies outside src or is
// reversed, so that a bad span shows in a diff instead of panicking.
func at(src []byte, sp syntax.Span) string {
	if sp.Start < 0 || sp.End < sp.Start || sp.End > len(src) {
		return fmt.Sprintf("<bad span %d:%d>", sp.Start, sp.End)
	}
	return string(src[sp.Start:sp.End])
}

// renderRules shows each rule as the text at its name span, and "=" and
// the text at its value span when it has a value.
func renderRules(src []byte, rules []Rule) string {
	var b strings.Builder
	for _, r := range rules {
		b.WriteString(" [")
		b.WriteString(at(src, r.NameSpan))
		if r.HasValue {
			b.WriteString("=" + at(src, r.ValueSpan))
		}
		b.WriteString("]")
	}
	return b.String()
}

// renderDirective shows a directive by the text at its spans.
func renderDirective(src []byte, d Directive) string {
	var b strings.Builder
	switch {
	case d.Header:
		b.WriteString("header")
	case d.HTTPEquiv:
		b.WriteString("http-equiv")
	default:
		b.WriteString("meta")
	}
	if !d.Header {
		if d.InHead {
			b.WriteString(" head")
		} else {
			b.WriteString(" body")
		}
	}
	fmt.Fprintf(&b, " %s=%q", d.Agent, at(src, d.AgentSpan))
	if !d.HasContent {
		b.WriteString(" no-content")
	}
	b.WriteString(renderRules(src, d.Rules))
	return b.String()
}

// renderDocument shows every directive and section of doc, one a line.
func renderDocument(doc *Document) string {
	var b strings.Builder
	src := doc.Src
	if doc.Head != (syntax.Span{}) {
		fmt.Fprintf(&b, "head %q\n", clip(at(src, doc.Head)))
	}
	if doc.BodyStart != (syntax.Span{}) {
		fmt.Fprintf(&b, "body-start %q\n", clip(at(src, doc.BodyStart)))
	}
	for _, d := range doc.Metas {
		b.WriteString(renderDirective(src, d) + "\n")
	}
	for _, s := range doc.Sections {
		fmt.Fprintf(&b, "%s", s.Kind)
		switch {
		case s.Orphan:
			fmt.Fprintf(&b, " orphan close=%q", at(src, s.Close))
		case s.Closed:
			fmt.Fprintf(&b, " open=%q close=%q", clip(at(src, s.Open)), at(src, s.Close))
		default:
			fmt.Fprintf(&b, " open=%q unclosed", clip(at(src, s.Open)))
		}
		b.WriteString(renderRules(src, s.Rules) + "\n")
	}
	return b.String()
}

// clip shortens long text for display.
func clip(s string) string {
	if len(s) > 100 {
		return s[:48] + "…" + s[len(s)-48:]
	}
	return s
}

// checkRuleText fails when a rule's Name or Value disagrees with the text
// at its spans (character references aside) or its spans are out of order.
func checkRuleText(t *testing.T, src []byte, r Rule) {
	t.Helper()
	name, value := at(src, r.NameSpan), at(src, r.ValueSpan)
	if !strings.Contains(name, "&") && strings.ToLower(name) != r.Name {
		t.Errorf("rule name %q, text at NameSpan %q", r.Name, name)
	}
	if !strings.Contains(value, "&") && value != r.Value {
		t.Errorf("rule value %q, text at ValueSpan %q", r.Value, value)
	}
	if r.Span.Start != r.NameSpan.Start || r.NameSpan.End > r.ValueSpan.Start || r.ValueSpan.End > r.Span.End {
		t.Errorf("rule spans out of order: %+v", r)
	}
}
