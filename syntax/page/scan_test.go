package page

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestBodyScanAgrees checks that scanBody reads the body as the x/net/html
// tokenizer does, on the corpus pages and the benchmark page.
func TestBodyScanAgrees(t *testing.T) {
	pages := map[string][]byte{"benchmark page": benchPage(200 << 10)}
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.html"))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		pages[filepath.Base(name)] = src
	}
	for _, src := range []string{
		`<body><!--->x<!-->y<!-- a -- b --!><!--noindex--><meta name=robots content=noindex>`,
		`<p>x<script>"</script >"<!--noindex--></script><style></STYLE><!--/noindex--></style>`,
		`<div title="a>b<!--noindex-->"><?x <!--noindex-->?><!DOCTYPE x><//x></ x><div data-nosnippet><div></div></div>`,
		`<b>x<noindex><NoIndex></noindex></NOINDEX></noindex><p data-nosnippet/>t`,
	} {
		pages[src] = []byte(src)
	}
	for name, src := range pages {
		if fast, slow := ParseHTML(src), parseTokenized(src); !reflect.DeepEqual(fast, slow) {
			t.Errorf("%s: body scan reads\n%s\ntokenizer reads\n%s", name, renderDocument(fast), renderDocument(slow))
		}
	}
}

// parseTokenized reads src as ParseHTML does, but with the tokenizer over
// the body too: the reading scanBody must agree with.
func parseTokenized(src []byte) *Document {
	p := parser{doc: &Document{Src: src}, src: src, tokenizeBody: true}
	p.run()
	return p.doc
}
