package lsp

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

// nvimTimeout bounds a Neovim run, which takes about 1.6 s: past it nvim
// is killed, so that a script stuck in Neovim (an error outside its pcall
// waits for a key press under --headless) fails the test instead of
// hanging it.
const nvimTimeout = 30 * time.Second

// TestNeovim drives the built server from Neovim's own LSP client, headless:
// diagnostics, hover, a quick fix applied through a workspace edit, and
// the client stopping the server (testdata/nvim/quickfix.lua says how).
// It runs on Neovim 0.7.2, Debian 12's, which .ci/run installs, and skips
// when nvim is not on PATH.
func TestNeovim(t *testing.T) {
	nvim := robotslinttest.LookPath(t, "nvim", "Debian: apt-get install neovim")
	bin := robotslinttest.Binary(t)
	script, err := filepath.Abs(filepath.Join("testdata", "nvim", "quickfix.lua"))
	if err != nil {
		t.Fatal(err)
	}

	// Neovim's configuration, data, state and cache (where 0.7 writes
	// lsp.log, with the server's stderr) all in the test's directory.
	home := t.TempDir()
	xdg := map[string]string{}
	for _, name := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		xdg[name] = filepath.Join(home, name)
		if err := os.Mkdir(xdg[name], 0o755); err != nil {
			t.Fatal(err)
		}
	}
	work := filepath.Join(home, "site")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	robots := filepath.Join(work, "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisalow: /private\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), nvimTimeout)
	defer cancel()
	// The script goes by its name in its own directory: luafile takes the
	// rest of the command line as a file name, and the module may sit under
	// a path with spaces.
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile "+filepath.Base(script))
	cmd.Dir = filepath.Dir(script)
	cmd.Env = append(os.Environ(),
		"ROBOTSLINT_BIN="+bin,
		"ROBOTSLINT_FILE="+robots,
		"NVIM_LOG_FILE="+filepath.Join(home, "nvim.log"),
		// Not a child of another Neovim, whatever the test runs under.
		"NVIM=", "NVIM_LISTEN_ADDRESS=", "VIMINIT=", "MYVIMRC=",
	)
	for name, dir := range xdg {
		cmd.Env = append(cmd.Env, name+"="+dir)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	err = cmd.Run()
	elapsed := time.Since(start)
	if err != nil || ctx.Err() != nil {
		if ctx.Err() != nil {
			t.Errorf("nvim did not finish within %v and was killed", nvimTimeout)
		}
		lspLog, _ := os.ReadFile(filepath.Join(xdg["XDG_CACHE_HOME"], "nvim", "lsp.log"))
		t.Fatalf("nvim after %v: %v\noutput:\n%s\nlsp.log:\n%s", elapsed.Round(time.Millisecond), err, out.String(), lspLog)
	}
	t.Logf("nvim run took %v:\n%s", elapsed.Round(time.Millisecond), out.String())
}
