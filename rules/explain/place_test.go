package explain

import (
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

func TestPlaceAt(t *testing.T) {
	cases := []struct {
		text string // "|" marks the offset
		part Part
		word string // the text of Place.Span
		on   bool
		sep  Sep
		d    syntax.Directive
	}{
		{text: "|", part: PartKey},
		{text: "User-agent: *\n|", part: PartKey},
		{text: "User-agent: *\n|  \n", part: PartKey, word: "  "},
		{text: "\uFEFF|User-agent: *\n", part: PartKey, word: "User-agent", on: true, sep: SepColon, d: syntax.DirectiveUserAgent},
		{text: "Disal|low: /x\n", part: PartKey, word: "Disallow", on: true, sep: SepColon, d: syntax.DirectiveDisallow},
		{text: "Disallow|: /x\n", part: PartKey, word: "Disallow", on: true, sep: SepColon, d: syntax.DirectiveDisallow},
		{text: "Disallow |: /x\n", part: PartKey, word: "Disallow ", sep: SepColon, d: syntax.DirectiveDisallow},
		{text: "Disallow: /x|\n", part: PartValue, word: "/x", on: true, sep: SepColon, d: syntax.DirectiveDisallow},
		{text: "Disallow:| /x\n", part: PartValue, word: " /x", sep: SepColon, d: syntax.DirectiveDisallow},
		{text: "Disallow: /x |# why\n", part: PartValue, word: "/x ", sep: SepColon, d: syntax.DirectiveDisallow},
		{text: "Disallow: /x# why|\n", part: PartNone},
		{text: "Disallow:|\n", part: PartValue, on: true, sep: SepColon, d: syntax.DirectiveDisallow},
		{text: "Sitemap: |\n", part: PartValue, sep: SepColon, d: syntax.DirectiveSitemap},
		{text: "Disalow: |/x\n", part: PartValue, word: "/x", on: true, sep: SepColon, d: syntax.DirectiveDisallow},
		{text: "User agent: |\n", part: PartValue, sep: SepColon, d: syntax.DirectiveUserAgent},
		{text: "Dis| /x\n", part: PartKey, word: "Dis", on: true, sep: SepBlank, d: syntax.DirectiveOther},
		{text: "Disallow /x|\n", part: PartValue, word: "/x", on: true, sep: SepBlank, d: syntax.DirectiveDisallow},
		{text: "Dis|\n", part: PartKey, word: "Dis", on: true, d: syntax.DirectiveNone},
		{text: "Dis|  \n", part: PartKey, word: "Dis  ", on: true, d: syntax.DirectiveNone},
		{text: "Dis  |\n", part: PartKey, word: "Dis  ", d: syntax.DirectiveNone},
		{text: "Dis|allow /a /b\n", part: PartKey, word: "Disallow", on: true, sep: SepBlank, d: syntax.DirectiveNone},
		{text: "Disallow /a |/b\n", part: PartNone},
		{text: "|: /x\n", part: PartKey, sep: SepColon, d: syntax.DirectiveNone},
		{text: ":| /x\n", part: PartNone},
		{text: " | Disallow: /x\n", part: PartNone},
		{text: "# Dis|\n", part: PartNone},
		{text: "|# a comment\n", part: PartKey, d: syntax.DirectiveNone},
	}
	for _, tc := range cases {
		f, off := marked(t, tc.text)
		p := PlaceAt(f, off)
		if p.Part != tc.part {
			t.Errorf("%q: part %d, want %d", tc.text, p.Part, tc.part)
			continue
		}
		if p.Part == PartNone {
			continue
		}
		if got := string(f.Text(p.Span)); got != tc.word || p.Span.Start > off && off >= f.BOM.End || p.Span.End < off {
			t.Errorf("%q: span %q (%v), want %q around %d", tc.text, got, p.Span, tc.word, off)
		}
		if p.On != tc.on || p.Sep != tc.sep || p.Directive != tc.d {
			t.Errorf("%q: on %v, sep %d, directive %v; want %v, %d, %v", tc.text, p.On, p.Sep, p.Directive, tc.on, tc.sep, tc.d)
		}
	}
}
