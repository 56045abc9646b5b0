package output

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenInput lints the files under testdata/input as the command would:
// robots.txt as it is, site/robots.txt after --fix, so that the outputs
// show a fixed count beside remaining diagnostics, and sitemap.xml against
// robots.txt, a file not kept whose findings are placed by the positions
// the linter recorded, with groups of URLs.
func goldenInput(t *testing.T) []File {
	t.Helper()
	read := func(name string) []byte {
		src, err := os.ReadFile(filepath.Join("testdata", "input", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return src
	}
	src := read("robots.txt")
	f := syntax.Parse(src)
	first := File{Path: "robots.txt", File: f, Diagnostics: lint.LintFile(f, rules.All(), nil)}

	fixedSrc, fixed := lint.FixAll(read("site/robots.txt"), rules.All(), nil, false)
	g := syntax.Parse(fixedSrc)
	second := File{Path: "site/robots.txt", File: g, Diagnostics: lint.LintFile(g, rules.All(), nil), Fixed: len(fixed)}

	site := lint.NewSitemapSite(lint.SitemapSiteInput{Robots: f, RobotsURL: "https://example.com/robots.txt"}, rules.All(), nil)
	res := site.Lint(&lint.SitemapInput{URL: "https://example.com/sitemap.xml", Body: bytes.NewReader(read("sitemap.xml"))})
	third := File{Path: "sitemap.xml", File: syntax.Parse(nil), Diagnostics: res.Diagnostics, Positions: res.Positions, Robots: f, RobotsPath: "robots.txt"}
	grouped := slices.ContainsFunc(third.Diagnostics, func(d lint.Diagnostic) bool { return d.URLs != nil && len(d.Related) > 0 })

	if len(first.Diagnostics) == 0 || len(second.Diagnostics) == 0 || second.Fixed == 0 || !grouped {
		t.Fatalf("the inputs no longer show what the goldens are for: %d diagnostics, %d and %d fixed, a group of URLs %v",
			len(first.Diagnostics), len(second.Diagnostics), second.Fixed, grouped)
	}
	return []File{first, second, third}
}

// TestGolden compares each format's output for the inputs under
// testdata/input with its golden file; go test -update rewrites them.
func TestGolden(t *testing.T) {
	files := goldenInput(t)
	formats := []struct {
		golden string
		write  func(*bytes.Buffer) error
	}{
		{"text.golden", func(b *bytes.Buffer) error { return WriteText(b, files, TextOptions{FixHint: true}) }},
		{"text-color.golden", func(b *bytes.Buffer) error { return WriteText(b, files, TextOptions{Color: true, FixHint: true}) }},
		{"json.golden", func(b *bytes.Buffer) error { return WriteJSON(b, files) }},
		{"sarif.golden", func(b *bytes.Buffer) error { return WriteSARIF(b, files, rules.All(), "1.2.3") }},
		{"github.golden", func(b *bytes.Buffer) error { return WriteGitHub(b, files) }},
	}
	for _, format := range formats {
		t.Run(format.golden, func(t *testing.T) {
			var got bytes.Buffer
			if err := format.write(&got); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", format.golden)
			if *update {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("output differs from %s (go test -update rewrites it):\n%s", path, got.Bytes())
			}
		})
	}
}
