package page

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/page/corpus.golden")

// corpusDir holds real robots META tags, X-Robots-Tag values and section
// markers collected from crawler documentation and real pages; its
// SOURCES.md says where each came from.
var corpusDir = filepath.Join("..", "..", "testdata", "page", "corpus")

// TestCorpus shows the parser's reading of every corpus page and header
// value, and checks it against testdata/page/corpus.golden: a change in
// how any real example is read shows as a diff (-update rewrites it after
// review).
func TestCorpus(t *testing.T) {
	var b strings.Builder
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus pages in %s: %v", corpusDir, err)
	}
	examples := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range splitExamples(src) {
			doc := ParseHTML(ex.src)
			checkDocument(t, doc)
			examples += len(doc.Metas) + len(doc.Sections)
			fmt.Fprintf(&b, "== %s:%d %s\n%s\n", filepath.Base(name), ex.line, ex.source, renderDocument(doc))
		}
	}
	data, err := os.ReadFile(filepath.Join(corpusDir, "headers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	b.WriteString("== headers.txt\n")
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		v, ok := headerLine(sc.Text())
		if !ok {
			continue
		}
		examples++
		fmt.Fprintf(&b, "%d: %s\n", n, v)
		for _, d := range ParseHeader([]byte(v)) {
			checkDirective(t, []byte(v), d)
			b.WriteString("  " + renderDirective([]byte(v), d) + "\n")
		}
	}
	if examples < 200 {
		t.Errorf("corpus holds %d examples, want at least 200", examples)
	}
	golden := filepath.Join(corpusDir, "..", "corpus.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("corpus reading differs from %s (run go test -update after checking):\n%s", golden, firstDiff(string(want), got))
	}
}

// example is one page of a corpus file.
type example struct {
	line   int    // where its "<!-- example:" line is
	source string // where it came from
	src    []byte
}

// splitExamples cuts a corpus file into its examples: each starts with a
// line "<!-- example: SOURCE -->", which is not part of the page. Several
// short pages share a file so that each keeps its source next to it, and
// each is parsed alone so that one example's body does not push the next
// one's META tags out of <head>.
func splitExamples(data []byte) []example {
	const mark = "<!-- example:"
	var out []example
	for n, line := range strings.SplitAfter(string(data), "\n") {
		if strings.HasPrefix(line, mark) {
			src := strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(line, mark)), "-->")
			out = append(out, example{line: n + 1, source: strings.TrimSpace(src)})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].src = append(out[len(out)-1].src, line...)
		}
	}
	return out
}

// headerLine returns the value of a "X-Robots-Tag: value" line of
// headers.txt; other lines (comments naming the source, blanks) give false.
func headerLine(line string) (string, bool) {
	const key = "x-robots-tag:"
	if len(line) < len(key) || !strings.EqualFold(line[:len(key)], key) {
		return "", false
	}
	return strings.TrimLeft(line[len(key):], " \t"), true
}

// firstDiff shows the first line where want and got differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant: %s\n got: %s", i+1, wl, gl)
		}
	}
	return ""
}
