package robotslinttest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// LookPath returns the path of the program named file, as exec.LookPath
// finds it, and skips the test when there is none, saying how to install
// it (install, such as "Debian: apt-get install neovim").
//
// It also makes go test's cache see what the answer depends on. The cache
// keeps a test's result until an input it recorded changes, but it records
// files only inside the module, so a skip for a missing /usr/bin/nvim would
// be replayed as "(cached)" long after the program is installed. It does
// record, wherever they are, the environment variables the test reads and
// the directories it changes to (with their modification times). So
// LookPath reads $PATH through os.Getenv, and changes to each directory on
// it and back: a changed PATH, or a program added to or removed from one of
// its directories, makes the next go test run the test again.
//
// Changing directory affects the whole process: call LookPath at the start
// of a test, before t.Parallel, as exec.LookPath would be called.
func LookPath(tb testing.TB, file, install string) string {
	tb.Helper()
	recordPath(tb)
	path, err := exec.LookPath(file)
	if err != nil {
		tb.Skipf("%s is not on PATH (%s)", file, install)
	}
	return path
}

// recordPath reads $PATH and visits each of its directories, for go test's
// cache (see LookPath).
func recordPath(tb testing.TB) {
	tb.Helper()
	var dirs []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		// exec.LookPath ignores programs found through relative entries
		// such as ".", so their directories do not matter here.
		if filepath.IsAbs(dir) {
			dirs = append(dirs, dir)
		}
	}
	WatchDirs(tb, dirs...)
}

// WatchDirs makes go test's cache run the test again when a file is added
// to or removed from one of dirs, as LookPath does for the directories on
// PATH: for a test that skips when something other than a program is
// missing, such as an editor's package. Directories that do not exist are
// passed over. Call it before t.Parallel.
func WatchDirs(tb testing.TB, dirs ...string) {
	tb.Helper()
	wd, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for _, dir := range dirs {
		if os.Chdir(dir) == nil {
			if err := os.Chdir(wd); err != nil {
				tb.Fatalf("cannot return to %s: %v", wd, err)
			}
		}
	}
}
