package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeReference fails when the README's rule reference is not what
// the rule metadata generates; go test ./rules -update rewrites it.
func TestReadmeReference(t *testing.T) {
	path := filepath.Join("..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	start := strings.Index(readme, ReferenceStart)
	end := strings.Index(readme, ReferenceEnd)
	if start < 0 || end < start {
		t.Fatalf("README.md lacks the markers %q and %q", ReferenceStart, ReferenceEnd)
	}
	want := readme[:start+len(ReferenceStart)] + "\n" + Reference() + readme[end:]
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if readme != want {
		t.Errorf("README.md's rule reference is stale: run go test ./rules -update")
	}
}
