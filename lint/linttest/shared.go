// Package linttest holds what robotslint's tests share: the lookup of the
// read-only material beside the module (../shared: the corpus, benchmark
// files, Google's conformance cases, crawler lists) and the rule cases,
// robots.txt files whose comments say which diagnostics they must produce.
//
// It imports only the standard library, so that the tests of every
// package can use it, those of syntax and lint/match included, which live
// inside the packages they test and could not import a package that
// imports them. A case's lines and targets therefore come from the caller,
// read as syntax reads them.
package linttest

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// sharedDir finds ../shared from the module root, the nearest directory
// above the working directory (the package under test) that holds go.mod.
var sharedDir = sync.OnceValue(func() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared")
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
})

// SharedPath returns the path of rel (slash-separated) inside ../shared,
// and whether it exists: for material a test uses when it is there, such
// as fuzzing seeds.
func SharedPath(rel string) (string, bool) {
	root := sharedDir()
	if root == "" {
		return "", false
	}
	p := filepath.Join(root, filepath.FromSlash(rel))
	_, err := os.Stat(p)
	return p, err == nil
}

// Shared returns the path of rel inside ../shared, and skips the test when
// it is absent: the repository alone must pass its tests.
func Shared(tb testing.TB, rel string) string {
	tb.Helper()
	p, ok := SharedPath(rel)
	if !ok {
		tb.Skipf("../shared/%s is absent", rel)
	}
	return p
}

// SharedFile returns the contents of rel inside ../shared, skipping the
// test when it is absent.
func SharedFile(tb testing.TB, rel string) []byte {
	tb.Helper()
	data, err := os.ReadFile(Shared(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// CorpusFiles returns the paths of the corpus's robots.txt files, real
// files collected from the web, skipping the test when ../shared is
// absent. A corpus directory without files is an error, not a skip: a test
// over it would check nothing.
func CorpusFiles(tb testing.TB) []string {
	tb.Helper()
	files := corpusGlob(Shared(tb, "corpus/files"))
	if len(files) == 0 {
		tb.Fatal("../shared/corpus/files holds no robots.txt files")
	}
	return files
}

// CorpusFilesIfPresent returns the corpus's files, or none when ../shared
// is absent: for tests and seeds that use the corpus besides other inputs.
func CorpusFilesIfPresent() []string {
	dir, ok := SharedPath("corpus/files")
	if !ok {
		return nil
	}
	return corpusGlob(dir)
}

func corpusGlob(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	return files
}
