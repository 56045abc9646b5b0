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
		doc := ParseHTML(src)
		checkDocument(t, doc)
		examples += len(doc.Metas) + len(doc.Sections)
		fmt.Fprintf(&b, "== %s\n%s\n", filepath.Base(name), renderDocument(doc))
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
