// Package emacs tests robots-txt-mode.el with Eglot as a user would use
// them: Emacs in batch mode loads the mode, opens a robots.txt and starts
// Eglot on it, and robotslint is the program on PATH. The package has no
// code of its own.
package emacs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// emacsTimeout bounds one Emacs run, which takes under half a second: past it
// Emacs is killed and the test fails with what it printed.
const emacsTimeout = 60 * time.Second

// skipStatus is drive.el's exit status when Eglot cannot be loaded.
const skipStatus = 77

var (
	buildOnce sync.Once
	binDir    string // set by TestMain; the binary is built there once
	binPath   string
	buildErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "robotslint-emacs-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// robotslintBinary builds cmd/robotslint once for the whole run, alone in
// its directory, which goes first on PATH.
func robotslintBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			buildErr = fmt.Errorf("go is not on PATH: %v", err)
			return
		}
		bin := filepath.Join(binDir, "robotslint")
		if runtime.GOOS == "windows" {
			bin += ".exe"
		}
		out, err := exec.Command(goTool, "build", "-o", bin, "github.com/robotslint/robotslint/cmd/robotslint").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		binPath = bin
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// TestEglot runs testdata/drive.el: robots-txt-mode for a file named
// robots.txt, its highlighting, Eglot started from the entry the mode
// adds to eglot-server-programs, and the misspelled-directive diagnostic
// in Flymake. The second case sets eglot-workspace-configuration as the
// README says, lowering the rule's severity to info (a Flymake note), and
// so checks that settings reach the server. It skips when emacs is not
// on PATH or cannot load Eglot (Debian 12: emacs-nox and elpa-eglot).
func TestEglot(t *testing.T) {
	emacs, err := exec.LookPath("emacs")
	if err != nil {
		t.Skip("emacs is not on PATH (Debian: apt-get install emacs-nox elpa-eglot)")
	}
	bin := robotslintBinary(t)
	drive, err := filepath.Abs(filepath.Join("testdata", "drive.el"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		settings string // eglot-workspace-configuration, read by Emacs
		want     string // the Flymake type of the diagnostic
	}{
		{"default", "", "eglot-error"},
		{"settings", `(:robotslint (:rules (:misspelled-directive "info")))`, "eglot-note"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runEmacs(t, emacs, drive, bin, tc.settings, tc.want)
		})
	}
}

func runEmacs(t *testing.T, emacs, drive, bin, settings, want string) {
	home := t.TempDir()
	site := filepath.Join(home, "site")
	if err := os.Mkdir(site, 0o755); err != nil {
		t.Fatal(err)
	}
	robots := filepath.Join(site, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisalow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), emacsTimeout)
	defer cancel()
	// Not -Q: it implies --no-site-lisp, which leaves
	// /usr/share/emacs/site-lisp, where Debian's elpa-eglot lives, off
	// load-path. --batch reads no user init file; HOME is the test's, all
	// the same.
	cmd := exec.CommandContext(ctx, emacs, "--batch", "-l", drive)
	cmd.Dir = site
	cmd.Env = append(os.Environ(),
		"HOME="+home,
		"PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"ROBOTSLINT_FILE="+robots,
		"ROBOTSLINT_BIN="+bin,
		"ROBOTSLINT_WANT_TYPE="+want,
	)
	if settings != "" {
		cmd.Env = append(cmd.Env, "ROBOTSLINT_SETTINGS="+settings)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start).Round(time.Millisecond)
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == skipStatus && ctx.Err() == nil {
		t.Skipf("Emacs cannot load Eglot:\n%s", lastLines(out.String(), 5))
	}
	if err != nil || ctx.Err() != nil {
		if ctx.Err() != nil {
			t.Errorf("emacs did not finish within %v and was killed", emacsTimeout)
		}
		t.Fatalf("emacs after %v: %v\noutput:\n%s", elapsed, err, out.String())
	}
	t.Logf("emacs took %v:\n%s", elapsed, out.String())
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
