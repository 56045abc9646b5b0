package explain

import (
	"slices"
	"testing"
)

func TestSpans(t *testing.T) {
	cases := []struct {
		got, want []Span
	}{
		{spans("plain"), []Span{{Text, "plain"}}},
		{spans("%s — %s.", term("GPTBot"), "a crawler"), []Span{{Term, "GPTBot"}, {Text, " — a crawler."}}},
		{spans("line %d of %s", 4, []Span{code("a"), {Text, " and "}, code("b")}), []Span{{Text, "line 4 of "}, {Code, "a"}, {Text, " and "}, {Code, "b"}}},
		{spans("%s%s", "", code("x")), []Span{{Code, "x"}}},
		{spans("100%% of %s"), []Span{{Text, "100% of %!s(MISSING)"}}},
		{join([][]Span{{code("a")}, {code("b")}, {code("c")}}), []Span{{Code, "a"}, {Text, ", "}, {Code, "b"}, {Text, " and "}, {Code, "c"}}},
	}
	for k, tc := range cases {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("case %d: %#v, want %#v", k, tc.got, tc.want)
		}
	}
}

func TestDocString(t *testing.T) {
	d := Doc{Blocks: []Block{
		{Kind: Paragraph, Spans: []Span{{Term, "Sitemap"}, {Text, " "}, {Link, "https://example.com/s.xml"}}},
		{Kind: List, Items: [][]Span{{{Text, "one"}}, {{Code, "two"}}}},
	}}
	if got, want := d.String(), "Sitemap https://example.com/s.xml\n\n- one\n- two"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
