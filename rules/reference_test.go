package rules

import (
	"os"
	"strings"
	"testing"
)

// TestReferenceGenerated fails when the rule reference in rules/README.md
// is not what the rule metadata generates; go test ./rules -update
// rewrites it.
func TestReferenceGenerated(t *testing.T) {
	const path = "README.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	start := strings.Index(readme, ReferenceStart)
	end := strings.Index(readme, ReferenceEnd)
	if start < 0 || end < start {
		t.Fatalf("%s lacks the markers %q and %q", path, ReferenceStart, ReferenceEnd)
	}
	want := readme[:start+len(ReferenceStart)] + "\n" + Reference() + readme[end:]
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if readme != want {
		t.Errorf("the rule reference in rules/README.md is stale: run go test ./rules -update")
	}
}

// TestDocsURLAnchors checks that every rule's documentation link leads to
// a heading of rules/README.md, the page GitHub shows at referenceURL, so
// that a link from an editor or a SARIF viewer never lands at the top of
// the page or nowhere.
func TestDocsURLAnchors(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for line := range strings.Lines(string(data)) {
		if heading, ok := strings.CutPrefix(line, "## "); ok {
			anchors[strings.TrimSpace(heading)] = true
		}
	}
	for _, r := range All() {
		page, anchor, _ := strings.Cut(DocsURL(r.Name), "#")
		if page != referenceURL {
			t.Errorf("DocsURL(%q) = %q, not on %s", r.Name, DocsURL(r.Name), referenceURL)
		}
		if !anchors[anchor] {
			t.Errorf("DocsURL(%q) links to #%s, which rules/README.md has no heading for", r.Name, anchor)
		}
	}
}
