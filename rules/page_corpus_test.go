package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// TestPageRulesOnCorpus runs every rule on the page corpus of syntax/page
// (testdata/page/corpus: real META tags and X-Robots-Tag values from the
// engines' documentation and public pages), each HTML file as one page
// and each header value alone, with a robots.txt that blocks everything:
// no rule fails, and every range lies inside the text it indexes.
func TestPageRulesOnCorpus(t *testing.T) {
	dir := filepath.Join("..", "testdata", "page", "corpus")
	robots := syntax.Parse([]byte("User-agent: *\nDisallow: /\n"))
	now := time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)
	var inputs []*lint.PageInput
	pages, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	for _, path := range pages {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, &lint.PageInput{Doc: page.ParseHTML(src), Path: "/page.html", Robots: robots, Now: now})
	}
	headers, err := os.ReadFile(filepath.Join(dir, "headers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(headers)) {
		if value, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "X-Robots-Tag:"); ok {
			inputs = append(inputs, &lint.PageInput{Headers: []string{value}, Path: "/page.html", Robots: robots, Now: now})
		}
	}
	if len(pages) == 0 || len(inputs) == len(pages) {
		t.Fatalf("the corpus has %d pages and %d header values", len(pages), len(inputs)-len(pages))
	}
	for _, in := range inputs {
		for _, d := range lint.LintPage(in, All(), nil) {
			var text string
			if in.Doc != nil {
				text = string(in.Doc.Src)
			}
			if d.Header > 0 {
				text = in.Headers[d.Header-1]
			}
			if strings.HasPrefix(d.Message, "internal error") || d.Span.Start < 0 || d.Span.Start > d.Span.End || d.Span.End > len(text) {
				t.Errorf("%s at %v in %.60q: %s", d.Rule, d.Span, text, d.Message)
			}
		}
	}
}
