package linttest

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSharedPath finds ../shared beside the module root, wherever in the
// module the test runs, and says whether a path inside it exists.
func TestSharedPath(t *testing.T) {
	p, ok := SharedPath("no/such/file")
	if ok {
		t.Errorf("SharedPath says %s exists", p)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "..", "shared", "no", "such", "file"); p != want {
		t.Errorf("SharedPath = %s, want %s", p, want)
	}
	_, err = os.Stat(filepath.Join(root, "..", "shared"))
	if _, ok := SharedPath(""); ok != (err == nil) {
		t.Errorf("SharedPath(\"\") says present %v; stat says %v", ok, err)
	}
}

// TestSharedSkips runs Shared in a subtest for a path that is absent,
// which must skip the subtest, not fail it.
func TestSharedSkips(t *testing.T) {
	var skipped bool
	t.Run("absent", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		Shared(t, "no/such/file")
		t.Error("Shared returned for an absent path")
	})
	if !skipped {
		t.Error("Shared did not skip the test")
	}
}
