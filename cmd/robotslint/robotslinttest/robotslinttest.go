// Package robotslinttest builds the robotslint command for tests that run
// it as a separate process: the language server over stdio, and editors
// driving it. The binary is built once per test process, alone in a
// temporary directory, which Main removes when the tests are done.
package robotslinttest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

var built struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// Main runs the tests and removes the binary built for them; call it from
// the package's TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// Binary returns the path of robotslint built from this module, building
// it on first use. Its directory holds nothing else, so a test can put it
// first on PATH.
func Binary(tb testing.TB) string {
	tb.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "robotslint-test-")
		if built.err != nil {
			return
		}
		name := "robotslint"
		if runtime.GOOS == "windows" {
			name += ".exe"
		}
		path := filepath.Join(built.dir, name)
		out, err := exec.Command("go", "build", "-o", path, "github.com/robotslint/robotslint/cmd/robotslint").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		built.path = path
	})
	if built.err != nil {
		tb.Fatal(built.err)
	}
	return built.path
}
