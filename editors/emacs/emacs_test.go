// Package emacs tests robots-txt-mode.el with Eglot as a user would use
// them: Emacs in batch mode loads the mode, opens a robots.txt and starts
// Eglot on it, and robotslint is the program on PATH. The package has no
// code of its own.
package emacs

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

// emacsTimeout bounds one Emacs run, which takes under half a second: past it
// Emacs is killed and the test fails with what it printed.
const emacsTimeout = 60 * time.Second

// skipStatus is drive.el's exit status when Eglot cannot be loaded.
const skipStatus = 77

func TestMain(m *testing.M) { robotslinttest.Main(m) }

// TestEglot runs testdata/drive.el: robots-txt-mode for a file named
// robots.txt, its highlighting, Eglot started from the entry the mode
// adds to eglot-server-programs, and the misspelled-directive diagnostic
// in Flymake. The second case sets eglot-workspace-configuration as the
// README says, lowering the rule's severity to info (a Flymake note), and
// so checks that settings reach the server. It skips when emacs is not
// on PATH or cannot load Eglot (Debian 12: emacs-nox and elpa-eglot).
func TestEglot(t *testing.T) {
	emacs := robotslinttest.LookPath(t, "emacs", "Debian: apt-get install emacs-nox elpa-eglot")
	bin := robotslinttest.Binary(t)
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
			env := []string{"ROBOTSLINT_WANT_TYPE=" + tc.want}
			if tc.settings != "" {
				env = append(env, "ROBOTSLINT_SETTINGS="+tc.settings)
			}
			runEmacs(t, emacs, drive, bin, "robots.txt", map[string]string{"robots.txt": "User-agent: *\nDisalow: /private\n"}, env)
		})
	}
}

// TestEglotHTML runs testdata/page.el: an HTML page in mhtml-mode, with
// Eglot set up for HTML as the README says, gets the diagnostic of its
// misspelled robots value, judged with the site's robots.txt, and a page
// without robots directives none.
func TestEglotHTML(t *testing.T) {
	emacs := robotslinttest.LookPath(t, "emacs", "Debian: apt-get install emacs-nox elpa-eglot")
	bin := robotslinttest.Binary(t)
	script, err := filepath.Abs(filepath.Join("testdata", "page.el"))
	if err != nil {
		t.Fatal(err)
	}
	runEmacs(t, emacs, script, bin, "page.html", map[string]string{
		"robots.txt": "User-agent: *\nDisallow: /private/\n",
		"page.html":  "<!doctype html>\n<html><head>\n<meta name=\"robots\" content=\"noidex\">\n</head><body></body></html>\n",
		"plain.html": "<!doctype html>\n<html><head><title>Disallow: /</title></head><body><p>noindex</p></body></html>\n",
	}, nil)
}

// runEmacs runs the script drive in Emacs, in a directory site holding
// files (name to content), with ROBOTSLINT_FILE naming the file open, the
// binary bin first on PATH, and env besides.
func runEmacs(t *testing.T, emacs, drive, bin, open string, files map[string]string, env []string) {
	home := t.TempDir()
	site := filepath.Join(home, "site")
	if err := os.Mkdir(site, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(site, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
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
		"ROBOTSLINT_FILE="+filepath.Join(site, open),
		"ROBOTSLINT_BIN="+bin,
	)
	cmd.Env = append(cmd.Env, env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start).Round(time.Millisecond)
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == skipStatus && ctx.Err() == nil {
		// Eglot is a package, not a program: installing Debian's
		// elpa-eglot adds a directory to one of these (HOME is the
		// test's, so there is no user's package), which makes go test
		// run the test again.
		robotslinttest.WatchDirs(t, "/usr/share/emacs/site-lisp", "/usr/share/emacs/site-lisp/elpa",
			"/usr/share/emacs/site-lisp/elpa-src")
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
