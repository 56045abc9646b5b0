// Package nvim tests the Neovim plugin in this directory as a user would
// use it: an init.lua that puts the directory on 'runtimepath' and calls
// require("robotslint").setup, then a robots.txt opened from the command
// line. The package has no code of its own.
package nvim

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

// nvimTimeout bounds one Neovim run, which takes a tenth of a second: past it
// nvim is killed and the test fails with what it printed, rather than
// hanging (an error outside the check's pcall waits for a key press).
const nvimTimeout = 60 * time.Second

func TestMain(m *testing.M) { robotslinttest.Main(m) }

// luaString quotes s as a Lua long string.
func luaString(s string) string {
	eq := "="
	for strings.Contains(s, "]"+eq+"]") {
		eq += "="
	}
	return "[" + eq + "[" + s + "]" + eq + "]"
}

// TestNeovim opens a robots.txt in Neovim set up with the plugin and
// checks (testdata/check.lua) the filetype, the syntax, the client and
// the misspelled-directive diagnostic, that a second file,
// staging.robots.txt, shares the client, and that an HTML page is left
// alone. The second case passes settings that lower the rule's severity,
// and so checks that they reach the server; the third turns HTML pages on,
// and the page gets the diagnostic of its misspelled robots value. It
// skips when nvim is not on PATH; Debian 12 has 0.7.2.
func TestNeovim(t *testing.T) {
	nvim := robotslinttest.LookPath(t, "nvim", "Debian: apt-get install neovim")
	bin := robotslinttest.Binary(t)
	plugin, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	check, err := os.ReadFile(filepath.Join("testdata", "check.lua"))
	if err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name     string
		options  string // Lua: the fields of setup's table besides cmd
		severity string // of the diagnostic, as vim.diagnostic.severity names it
		html     bool   // HTML pages are linted
	}{
		{"default", "", "ERROR", false},
		{"settings", `settings = { rules = { ["misspelled-directive"] = "info" } },`, "INFO", false},
		{"html", `html = true,`, "ERROR", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			init := fmt.Sprintf("vim.opt.runtimepath:prepend(%s)\nrequire(\"robotslint\").setup({ cmd = { %s, \"lsp\" }, %s })\n",
				luaString(plugin), luaString(bin), tc.options)
			runNeovim(t, nvim, init, check, tc.severity, tc.html)
		})
	}
}

// runNeovim runs Neovim with init as its init.lua on a fresh robots.txt,
// staging.robots.txt and page.html, and the check script, and fails with
// Neovim's output and log if the check fails or does not finish in time.
// html says whether the page is to get robotslint's diagnostics.
func runNeovim(t *testing.T, nvim, init string, check []byte, severity string, html bool) {
	home := t.TempDir()
	// Neovim's configuration, data, state and cache (0.7 writes lsp.log,
	// with the server's stderr, to the cache), and the directories
	// searched after them, all in the test's directory: nothing of the
	// machine's configuration or plugins applies.
	env := append(os.Environ(),
		"NVIM_LOG_FILE="+filepath.Join(home, "nvim.log"),
		"ROBOTSLINT_WANT_SEVERITY="+severity,
		fmt.Sprintf("ROBOTSLINT_WANT_HTML=%v", html),
		// Not a child of another Neovim, whatever the test runs under.
		"NVIM=", "NVIM_LISTEN_ADDRESS=", "VIMINIT=", "MYVIMRC=",
	)
	xdg := map[string]string{}
	for _, name := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_DIRS"} {
		xdg[name] = filepath.Join(home, strings.ToLower(name))
		if err := os.Mkdir(xdg[name], 0o755); err != nil {
			t.Fatal(err)
		}
		env = append(env, name+"="+xdg[name])
	}
	write := func(path string, data []byte) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(xdg["XDG_CONFIG_HOME"], "nvim", "init.lua"), []byte(init))
	write(filepath.Join(home, "check.lua"), check)
	site := filepath.Join(home, "site")
	robots := []byte("User-agent: *\nDisalow: /private\n")
	write(filepath.Join(site, "robots.txt"), robots)
	write(filepath.Join(site, "staging.robots.txt"), robots)
	write(filepath.Join(site, "page.html"), []byte("<!doctype html>\n<html><head>\n<meta name=\"robots\" content=\"noidex\">\n</head><body></body></html>\n"))

	ctx, cancel := context.WithTimeout(context.Background(), nvimTimeout)
	defer cancel()
	// No -u: Neovim finds init.lua in XDG_CONFIG_HOME, and enables
	// filetype detection and syntax, as for a user (-u NONE would turn
	// both off). The script goes by a relative name: luafile takes the
	// rest of the line as the file name.
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-i", "NONE", "robots.txt", "-c", "luafile ../check.lua")
	cmd.Dir = site
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start).Round(time.Millisecond)
	if err != nil || ctx.Err() != nil {
		if ctx.Err() != nil {
			t.Errorf("nvim did not finish within %v and was killed", nvimTimeout)
		}
		lspLog, _ := os.ReadFile(filepath.Join(xdg["XDG_CACHE_HOME"], "nvim", "lsp.log"))
		if len(lspLog) == 0 {
			lspLog, _ = os.ReadFile(filepath.Join(xdg["XDG_STATE_HOME"], "nvim", "lsp.log"))
		}
		t.Fatalf("nvim after %v: %v\ninit.lua:\n%s\noutput:\n%s\nlsp.log:\n%s", elapsed, err, init, out.String(), lspLog)
	}
	t.Logf("nvim took %v:\n%s", elapsed, out.String())
}
