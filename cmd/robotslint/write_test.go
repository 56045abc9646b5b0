package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(path, []byte("old\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic(path, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "new\n" {
		t.Errorf("the file holds %q", data)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", info.Mode().Perm())
	}
	assertOnlyFiles(t, dir, "robots.txt")
}

func TestWriteFileAtomicSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.txt")
	link := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(target, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.txt", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := writeFileAtomic(link, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Error("the link is no longer a link")
	}
	if data, _ := os.ReadFile(target); string(data) != "new\n" {
		t.Errorf("the target holds %q", data)
	}
}

func TestWriteFileAtomicErrors(t *testing.T) {
	dir := t.TempDir()
	if err := writeFileAtomic(filepath.Join(dir, "missing.txt"), []byte("x")); err == nil ||
		!strings.Contains(err.Error(), "cannot write") || strings.Contains(err.Error(), "\n") {
		t.Errorf("a missing file: %v", err)
	}
	if err := writeFileAtomic(dir, []byte("x")); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a directory: %v", err)
	}
	readOnly := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(readOnly, []byte("old\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic(readOnly, []byte("new\n")); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("a read-only file: %v", err)
	}
	if data, _ := os.ReadFile(readOnly); string(data) != "old\n" {
		t.Errorf("the read-only file holds %q", data)
	}
	assertOnlyFiles(t, dir, "robots.txt")

	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only directories")
	}
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(ro, "robots.txt")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(ro, 0o555)
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	if err := writeFileAtomic(path, []byte("new\n")); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("a read-only directory: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "old\n" {
		t.Errorf("the file holds %q after a failed write", data)
	}
	assertOnlyFiles(t, ro, "robots.txt")
}

// assertOnlyFiles checks that dir holds exactly the names given: no
// temporary file was left behind.
func assertOnlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}
