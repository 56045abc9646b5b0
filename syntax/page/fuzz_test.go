package page

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzParseHTML checks that ParseHTML survives any input: no panic, every
// span inside the input and in order, META spans at "<meta" and marker
// spans at a tag (which catches a running offset gone astray), and rule
// names and values agreeing with the text at their spans. Seeds are the
// corpus pages and the table tests' constructs.
func FuzzParseHTML(f *testing.F) {
	for _, s := range []string{
		"", "<", "<!--", "<!---->", "<meta", "<meta name=robots content='noindex",
		`<head><meta name="robots" content="unavailable_after: Wed, 03 Dec 2025 10:00:00 GMT, noindex"></head>`,
		`<!-- robots content="none" --><!-- /robots --><noindex><!--noindex--><!--googleoff: index--><!--googleon: index--><p data-nosnippet>`,
		`<meta http-equiv="X-Robots-Tag" content="googlebot: noindex, BadBot: nofollow">`,
		"<script><meta name=robots content=noindex></script><plaintext><meta name=robots>",
	} {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "page", "corpus", "*.html"))
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkDocument(t, ParseHTML(src))
	})
}

// FuzzParseHeader checks that ParseHeader survives any value: no panic,
// every span inside the value, directives and rules in order. Seeds are
// the corpus's header values.
func FuzzParseHeader(f *testing.F) {
	for _, s := range []string{
		"", ",", ":", "a:", ":b", "noindex", "BadBot: noindex, nofollow, googlebot: nofollow",
		"unavailable_after: Wed, 03 Dec 2025 10:00:00 GMT", "googlebot:max-snippet:20,,",
	} {
		f.Add([]byte(s))
	}
	if data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "page", "corpus", "headers.txt")); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			if v, ok := headerLine(sc.Text()); ok {
				f.Add([]byte(v))
			}
		}
	}
	f.Fuzz(func(t *testing.T, value []byte) {
		prev := 0
		for _, d := range ParseHeader(value) {
			checkDirective(t, value, d)
			if d.Span.Start < prev {
				t.Errorf("directive at %d before the end of the one before it, %d", d.Span.Start, prev)
			}
			prev = d.Span.End
		}
	})
}

// FuzzBodyScan checks that scanBody reads any page's body as the x/net/html
// tokenizer does (see TestBodyScanAgrees).
func FuzzBodyScan(f *testing.F) {
	f.Add([]byte(`<p><!--noindex--><script>"<!--"</script><meta name=robots content=x><div data-nosnippet><div></div></div>`))
	f.Add([]byte(`<b><!-- robots content="none" --><noindex>x</noindex><!--googleoff: index--><!--googleon: index-->`))
	f.Fuzz(func(t *testing.T, src []byte) {
		if fast, slow := ParseHTML(src), parseTokenized(src); !reflect.DeepEqual(fast, slow) {
			t.Errorf("body scan reads\n%s\ntokenizer reads\n%s", renderDocument(fast), renderDocument(slow))
		}
	})
}
