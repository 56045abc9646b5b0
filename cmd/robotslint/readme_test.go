package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The README markers between which the command reference and the table of
// fetch checks go.
const (
	cliStart       = "<!-- cli:start (generated from the commands' usage by go test ./cmd/robotslint -update; do not edit) -->"
	cliEnd         = "<!-- cli:end -->"
	siteRulesStart = "<!-- site-rules:start (generated from site.go by go test ./cmd/robotslint -update; do not edit) -->"
	siteRulesEnd   = "<!-- site-rules:end -->"
)

// TestReadmeGenerated fails when the README's command reference or table
// of fetch checks is not what the code generates; go test
// ./cmd/robotslint -update rewrites them.
func TestReadmeGenerated(t *testing.T) {
	path := filepath.Join("..", "..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	readme = replaceBetween(t, readme, cliStart, cliEnd, commandReference(t))
	readme = replaceBetween(t, readme, siteRulesStart, siteRulesEnd, siteRulesTable())
	if *update {
		if err := os.WriteFile(path, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if readme != string(data) {
		t.Error("README.md's generated sections are stale: run go test ./cmd/robotslint -update")
	}
}

func replaceBetween(t *testing.T, text, start, end, content string) string {
	i, j := strings.Index(text, start), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the markers %q and %q", start, end)
	}
	return text[:i+len(start)] + "\n" + content + text[j:]
}

// commandReference is each command's -h output, as the README shows it.
func commandReference(t *testing.T) string {
	var b strings.Builder
	for _, cmd := range []string{"lint", "fmt", "test", "lsp", "rules", "explain", "version"} {
		var stdout, stderr strings.Builder
		if status := run([]string{cmd, "-h"}, nil, &stdout, &stderr); status != exitClean {
			t.Fatalf("%s -h: status %d: %s", cmd, status, stderr.String())
		}
		fmt.Fprintf(&b, "\n#### robotslint %s\n\n```\n%s```\n", cmd, stdout.String())
	}
	return b.String()
}

// siteRulesTable lists the fetch checks.
func siteRulesTable() string {
	var b strings.Builder
	b.WriteString("| check | default | reports |\n|---|---|---|\n")
	for _, r := range siteRules {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.Name, r.Severity, r.Summary)
	}
	return b.String()
}
