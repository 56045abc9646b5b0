package rules

import (
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
)

// TestSitemapEmpty checks that a sitemap served with nothing in it, which
// a case file (whose comments are its wants) cannot be, is one error at
// its start, and that a file with text in it is not called empty.
func TestSitemapEmpty(t *testing.T) {
	for _, tc := range []struct {
		body  string
		empty bool
	}{
		{"", true},
		{" \n\t\r\n\n", true},
		{"\n\n", true},
		{"https://example.com/\n", false},
		{"  https://example.com/  \n\n", false},
	} {
		site := lint.NewSitemapSite(lint.SitemapSiteInput{}, All(), &lint.Config{})
		res := site.Lint(&lint.SitemapInput{URL: "https://example.com/sitemap.txt", Body: strings.NewReader(tc.body)})
		var got []string
		for _, d := range res.Diagnostics {
			if d.Rule == "sitemap-malformed" {
				got = append(got, d.Message)
				if pos := res.Positions[d.Span.Start]; d.Span.Start != 0 || pos.Line != 1 || pos.Column != 1 || d.Severity != lint.Error {
					t.Errorf("%q: %s at %v (%v), %v; want an error at line 1, column 1", tc.body, d.Message, d.Span, pos, d.Severity)
				}
			}
		}
		want := []string(nil)
		if tc.empty {
			want = []string{"the sitemap is empty: crawlers find no URLs in it"}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%q: sitemap-malformed says %q, want %q", tc.body, got, want)
		}
	}
}
