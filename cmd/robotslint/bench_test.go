package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

// TestMain removes the binary the process benchmarks build.
func TestMain(m *testing.M) { robotslinttest.Main(m) }

// benchInput returns the path of a file in ../shared/bench, skipping the
// benchmark when ../shared is absent.
func benchInput(b *testing.B, name string) string {
	p := filepath.Join("..", "..", "..", "shared", "bench", name)
	if _, err := os.Stat(p); err != nil {
		b.Skipf("../shared is absent: %v", err)
	}
	return p
}

// BenchmarkTestProcess500K runs a whole "robotslint test --urls
// urls-10k.txt --agent Googlebot robots-500k.txt" process, built once
// outside the timer: start-up, reading, parsing, compiling, 10,000
// queries and the output. One op is one process.
func BenchmarkTestProcess500K(b *testing.B) {
	robots, urls := benchInput(b, "robots-500k.txt"), benchInput(b, "urls-10k.txt")
	bin := robotslinttest.Binary(b)
	for b.Loop() {
		cmd := exec.Command(bin, "test", "--urls", urls, "--agent", "Googlebot", robots)
		cmd.Stdout = io.Discard
		if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != exitFindings {
			b.Fatal(err)
		}
	}
}

// BenchmarkTestCommand500K is the same command run in this process, without
// process start-up, so that a profile shows where its time goes.
func BenchmarkTestCommand500K(b *testing.B) {
	args := []string{"test", "--urls", benchInput(b, "urls-10k.txt"), "--agent", "Googlebot", benchInput(b, "robots-500k.txt")}
	b.ReportAllocs()
	for b.Loop() {
		var stderr strings.Builder
		if status := run(args, strings.NewReader(""), io.Discard, &stderr); status != exitFindings {
			b.Fatalf("status %d: %s", status, stderr.String())
		}
	}
}

// corpusPaths returns the paths of the corpus's files, skipping the
// benchmark when ../shared is absent.
func corpusPaths(b *testing.B) []string {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "files", "*.txt"))
	if len(paths) == 0 {
		b.Skip("../shared is absent")
	}
	return paths
}

// BenchmarkLintProcessCorpus runs one "robotslint --no-config FILE..."
// process over the 540 files of the corpus (11 MB): start-up, reading,
// every rule on every file, and the text report. One op is one process.
func BenchmarkLintProcessCorpus(b *testing.B) {
	paths := corpusPaths(b)
	bin := robotslinttest.Binary(b)
	for b.Loop() {
		cmd := exec.Command(bin, append([]string{"--no-config"}, paths...)...)
		cmd.Stdout = io.Discard
		if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != exitFindings {
			b.Fatal(err)
		}
	}
}

// BenchmarkLintProcessSmall runs one "robotslint robots-small.txt" process
// on the 3.4 KiB benchmark file, the size of a typical real one: mostly
// process start-up. One op is one process.
func BenchmarkLintProcessSmall(b *testing.B) {
	small := benchInput(b, "robots-small.txt")
	bin := robotslinttest.Binary(b)
	for b.Loop() {
		cmd := exec.Command(bin, "--no-config", small)
		cmd.Stdout = io.Discard
		if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != exitFindings {
			b.Fatal(err)
		}
	}
}
