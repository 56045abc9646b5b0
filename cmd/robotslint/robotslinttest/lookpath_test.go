package robotslinttest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// probeProgram is a program no machine has until
// TestLookPathRerunsAfterInstall installs it.
const probeProgram = "robotslint-lookpath-probe"

// TestLookPathProbe is run by TestLookPathRerunsAfterInstall, as a test
// that needs a program is: it skips until the program is installed.
func TestLookPathProbe(t *testing.T) {
	if os.Getenv("ROBOTSLINT_LOOKPATH_PROBE") == "" {
		t.Skip("run by TestLookPathRerunsAfterInstall")
	}
	LookPath(t, probeProgram, "TestLookPathRerunsAfterInstall installs it")
}

// TestLookPathRerunsAfterInstall runs go test on TestLookPathProbe three
// times: without the program (a skip), again (the skip from the cache, as
// go test caches), and after installing the program into a directory on
// PATH, when the cache must not replay the skip: the test runs and passes.
func TestLookPathRerunsAfterInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test three times")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	bin := t.TempDir()
	goTest := func() string {
		cmd := exec.Command(goCmd, "test", "-v", "-run", "^TestLookPathProbe$", ".")
		cmd.Env = append(os.Environ(),
			"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
			"ROBOTSLINT_LOOKPATH_PROBE=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go test: %v\n%s", err, out)
		}
		return string(out)
	}
	if out := goTest(); !strings.Contains(out, "--- SKIP: TestLookPathProbe") {
		t.Fatalf("without the program, the probe did not skip:\n%s", out)
	}
	if out := goTest(); !strings.Contains(out, "(cached)") {
		t.Fatalf("the second run was not cached, so the test shows nothing:\n%s", out)
	}
	probe := filepath.Join(bin, probeProgram)
	if err := os.WriteFile(probe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if out := goTest(); strings.Contains(out, "(cached)") || !strings.Contains(out, "--- PASS: TestLookPathProbe") {
		t.Fatalf("after installing the program, go test replayed the skip:\n%s", out)
	}
}
