package lsp

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
)

// TestParseSettings checks the client's settings as a .robotslint.toml is
// checked: what is right applies, and every mistake is said on one line.
func TestParseSettings(t *testing.T) {
	const notSeconds = "rules.crawl-delay.max-delay must be a number of seconds from 0 to 86400, not "
	for _, tt := range []struct {
		raw, err string
	}{
		{`null`, ""},
		{`{}`, ""},
		{`{"profiles": null, "rules": {"crawl-delay": {"max-delay": 30}}}`, ""},
		{`{"rules": {"crawl-delay": {"max-delay": "thirty"}}}`, notSeconds + `"thirty"`},
		{`{"rules": {"crawl-delay": {"max-delay": true}}}`, notSeconds + "true"},
		{`{"rules": {"crawl-delay": {"max-delay": -5}}}`, notSeconds + "-5"},
		{`{"rules": {"crawl-delay": {"severity": 1}}}`, "rules.crawl-delay.severity must be error, warning, info, hint or off, not 1"},
		{`{"rules": {"crawl-delay": 3}}`, "rules.crawl-delay must be a severity (error, warning, info, hint or off) or a table, not 3"},
		{`{"rules": 3}`, "rules must be a table of rule names and severities, not 3"},
		{`{"profiles": "google"}`, `profiles must be a list of profile names such as ["google", "bing"], not "google"`},
		{`{"profiles": ["gogle"], "rules": {"nosuch": "off"}}`,
			`profiles: unknown profile "gogle": the profiles are google, rfc9309, bing, yandex, legacy; rules: there is no rule named "nosuch"`},
		{`[1]`, `the robotslint settings must be an object such as {"profiles": ["google"]}, not [1]`},
	} {
		_, err := parseSettings([]byte(tt.raw))
		if got := errText(err); got != tt.err {
			t.Errorf("%s: got %q, want %q", tt.raw, got, tt.err)
		}
	}
	// What is right applies: the options and severities given, laid over
	// no configuration file.
	set, _ := parseSettings([]byte(`{"profiles": ["google", "nosuch"], "rules": {"crawl-delay": {"max-delay": 1, "severity": "loud"}, "line-too-long": "off"}}`))
	cfg := configFor(testURI, set, newConfigFiles(nil))
	rc := cfg.Rules["crawl-delay"]
	if len(cfg.Targets) != 1 || rc.Severity != 0 || rc.Options["max-delay"] != 1.0 || cfg.Rules["line-too-long"].Severity != lint.Off {
		t.Errorf("applied %+v", cfg)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// syncBuffer is a log the server writes from its goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestBadSettings: settings with a mistake are logged with the setting's
// key, and the rest of them apply, the rule option included.
func TestBadSettings(t *testing.T) {
	var log syncBuffer
	s := newSessionWith(t, Options{Version: "test", Log: &log})
	_, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{
		InitializationOptions: protocol.LSPAny(`{"rules": {"misspelled-directive": "off", "crawl-delay": {"max-delay": 1}, "line-too-long": {"severity": 1}}}`),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.server.Initialized(s.ctx(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	p := s.open(testURI, "User-agent: *\nDisalow: /private\nCrawl-delay: 5\n")
	var messages []string
	for _, d := range p.Diagnostics {
		messages = append(messages, fmt.Sprint(d.Message))
	}
	if got := strings.Join(messages, "\n"); strings.Contains(codes(p), "misspelled-directive") || !strings.Contains(got, "a delay of 5 seconds") {
		t.Errorf("the valid settings did not apply: %s", got)
	}
	const want = "initializationOptions: rules.line-too-long.severity must be error, warning, info, hint or off, not 1\n"
	deadline := time.Now().Add(10 * time.Second)
	for !strings.HasSuffix(log.String(), want) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.HasSuffix(log.String(), want) {
		t.Errorf("log %q, want a line ending %q", log.String(), want)
	}
}

// TestBadConfigFile: a mistake in .robotslint.toml is logged once, with
// its line, however often the files under it are linted, and the rest of
// the file applies.
func TestBadConfigFile(t *testing.T) {
	dir := t.TempDir()
	config := filepath.Join(dir, lint.ConfigFileName)
	if err := os.WriteFile(config, []byte("[rules]\nmisspelled-directive = \"off\"\n[rules.crawl-delay]\nmax-delay = \"thirty\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var log syncBuffer
	s := newSessionWith(t, Options{Version: "test", Log: &log})
	if _, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"robots.txt", "other.txt"} {
		if p := s.open(uri.File(filepath.Join(dir, name)), "User-agent: *\nDisalow: /private\n"); strings.Contains(codes(p), "misspelled-directive") {
			t.Errorf("%s: the rule the file turns off reports: %s", name, codes(p))
		}
	}
	want := config + `:4: rules.crawl-delay.max-delay must be a number of seconds from 0 to 86400, not "thirty"` + "\n"
	if got := log.String(); !strings.HasSuffix(got, want) || strings.Count(got, "max-delay") != 1 {
		t.Errorf("log %q, want one line ending %q", got, want)
	}
}
