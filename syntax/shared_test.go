package syntax

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedPath returns the path of rel inside ../shared, the read-only
// material beside the project root, and skips the test when it is absent.
func sharedPath(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join("..", "..", "shared", rel)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("../shared is absent: %v", err)
	}
	return p
}

// corpusFiles returns the paths of the corpus's robots.txt files.
func corpusFiles(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(sharedPath(tb, "corpus/files"), "*.txt"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus files: %v", err)
	}
	return files
}
