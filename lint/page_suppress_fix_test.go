package lint

import (
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

func TestSuppressPageFix(t *testing.T) {
	for _, tt := range []struct {
		name, src, at, rule, want string // at: the text the finding starts at
	}{
		{"indented", "<head>\n  <meta name=robots content=noidex>\n", "noidex", "unknown-indexing-rule",
			"<head>\n  <!-- robotslint:disable-next-line unknown-indexing-rule -->\n  <meta name=robots content=noidex>\n"},
		{"first line", "<meta name=robot content=noindex>", "robot", "misspelled-robots-name",
			"<!-- robotslint:disable-next-line misspelled-robots-name -->\n<meta name=robot content=noindex>"},
		{"CRLF", "<head>\r\n<meta name=robots content=noidex>\r\n", "noidex", "unknown-indexing-rule",
			"<head>\r\n<!-- robotslint:disable-next-line unknown-indexing-rule -->\r\n<meta name=robots content=noidex>\r\n"},
		{"added to the comment above", "<head>\n <!-- robotslint:disable-next-line meta-outside-head -- old theme -->\n <meta name=robots content=noidex>\n", "noidex", "unknown-indexing-rule",
			"<head>\n <!-- robotslint:disable-next-line meta-outside-head,unknown-indexing-rule -- old theme -->\n <meta name=robots content=noidex>\n"},
		{"another comment above", "<!-- robotslint:disable meta-outside-head -->\n<meta name=robots content=noidex>\n", "noidex", "unknown-indexing-rule",
			"<!-- robotslint:disable meta-outside-head -->\n<!-- robotslint:disable-next-line unknown-indexing-rule -->\n<meta name=robots content=noidex>\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := strings.Index(tt.src, tt.at)
			d := &Diagnostic{Rule: tt.rule, Span: syntax.Span{Start: start, End: start + len(tt.at)}}
			fix, ok := SuppressPageFix([]byte(tt.src), d)
			if !ok || len(fix.Edits) != 1 || !fix.Safe {
				t.Fatalf("fix %+v, %v", fix, ok)
			}
			e := fix.Edits[0]
			if got := tt.src[:e.Span.Start] + e.NewText + tt.src[e.Span.End:]; got != tt.want {
				t.Errorf("gives\n%q\nwant\n%q", got, tt.want)
			}
			// The comment it writes silences the finding.
			fixed := tt.src[:e.Span.Start] + e.NewText + tt.src[e.Span.End:]
			moved := *d
			moved.Span.Start += len(fixed) - len(tt.src)
			if kept := suppressPage([]byte(fixed), []Diagnostic{moved}, nil, nil); len(kept) != 0 {
				t.Errorf("the comment does not silence the finding: %+v", kept)
			}
		})
	}
	for _, d := range []*Diagnostic{{Rule: UnusedSuppression.Name}, {Rule: "unknown-indexing-rule", Header: 1}} {
		if _, ok := SuppressPageFix([]byte("<meta>"), d); ok {
			t.Errorf("a fix for %+v", d)
		}
	}
}
