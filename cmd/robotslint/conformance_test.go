package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConformance runs Google's 400 robots.txt conformance cases the way
// their upstream harness does: each body written to a file, then
// "robotslint test --profile google --agent AGENT FILE URL", judged by the
// exit status (0 allowed, 1 disallowed).
func TestConformance(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "conformance", "google-spec-test", "cases.jsonl")
	file, err := os.Open(path)
	if err != nil {
		t.Skipf("../shared is absent: %v", err)
	}
	defer file.Close()
	dir := t.TempDir()
	passed, total := 0, 0
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c struct {
			ID        int    `json:"id"`
			Expected  string `json:"expected"`
			UserAgent string `json:"useragent"`
			URL       string `json:"url"`
			B64       string `json:"robots_b64"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		body, err := base64.StdEncoding.DecodeString(c.B64)
		if err != nil {
			t.Fatal(err)
		}
		robots := filepath.Join(dir, "robots.txt")
		if err := os.WriteFile(robots, body, 0o644); err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		status := run([]string{"test", "--profile", "google", "--agent", c.UserAgent, robots, c.URL}, strings.NewReader(""), io.Discard, &stderr)
		want := 0
		if c.Expected == "DISALLOWED" {
			want = 1
		}
		total++
		if status == want {
			passed++
		} else {
			t.Errorf("case %d: agent %q url %q: exit %d, want %d %s", c.ID, c.UserAgent, c.URL, status, want, stderr.String())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if total != 400 {
		t.Errorf("%d cases, want 400", total)
	}
	t.Logf("%d of %d cases pass", passed, total)
}
