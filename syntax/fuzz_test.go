package syntax

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
)

// FuzzParse checks that Parse survives any input: no panic, the tree gives
// back the input, every node lies inside it in order without overlap, the
// bitmap reading of lines agrees with the byte-by-byte one, and the line
// index round-trips offsets through positions in every encoding.
// Crashers found by `go test -fuzz=FuzzParse` are kept as regression seeds
// in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "\xEF\xBB\xBF", "\xEF", "\xEF\xBB", "\xEF\x11\xBF",
		"User-agent: *\r\nDisallow: /\r\n", "a\rb\n\rc\r\n", "Disallow /tmp\n", ": x\n",
		"Disallow: /a\x00b\n", "Allow: /😀\xFF\xE2\x82\n", "<!doctype html>\n", "{}", "\xFF\xFEU\x00",
	} {
		f.Add([]byte(s))
	}
	seedFiles(f, filepath.Join("..", "testdata", "examples", "*.txt"))
	if dir, ok := linttest.SharedPath("corpus/files"); ok {
		// Big files slow every fuzzing round; TestCorpus covers them.
		seedFiles(f, filepath.Join(dir, "*.txt"), 8<<10)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		f := Parse(src)
		checkTree(t, src, f)
		checkPaths(t, src, f)
		checkIndex(t, src)
	})
}

// seedFiles adds the files matching pattern, up to maxSize bytes each if
// given, to the fuzzer's seed corpus.
func seedFiles(f *testing.F, pattern string, maxSize ...int) {
	paths, _ := filepath.Glob(pattern)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		if len(maxSize) == 0 || len(src) <= maxSize[0] {
			f.Add(src)
		}
	}
}
