package lsp

import (
	"bytes"
	"fmt"
	"io/fs"
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

// writeConfig writes a .robotslint.toml into dir.
func writeConfig(t *testing.T, dir, text string) string {
	t.Helper()
	path := filepath.Join(dir, lint.ConfigFileName)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestConfigFileSetsFetchRule: a .robotslint.toml that sets fetch rules,
// which only the command checks, is as valid for the server as for the
// command: nothing is logged, and the rest of the file applies.
func TestConfigFileSetsFetchRule(t *testing.T) {
	dir := t.TempDir()
	writeConfig(t, dir, "[rules]\nfetch-slow = \"off\"\nfetch-status = \"warning\"\nmisspelled-directive = \"off\"\n\n[rules.fetch-size]\nseverity = \"info\"\n\n[rules.crawl-delay]\nmax-delay = 1\n")
	var log syncBuffer
	s := newSessionWith(t, Options{Version: "test", Log: &log})
	if _, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{}); err != nil {
		t.Fatal(err)
	}
	p := s.open(uri.File(filepath.Join(dir, "robots.txt")), "User-agent: *\nDisalow: /private\nCrawl-delay: 5\n")
	var messages []string
	for _, d := range p.Diagnostics {
		messages = append(messages, fmt.Sprint(d.Message))
	}
	if got := strings.Join(messages, "\n"); strings.Contains(codes(p), "misspelled-directive") || !strings.Contains(got, "a delay of 5 seconds") {
		t.Errorf("the configuration did not apply: %s\n%s", codes(p), got)
	}
	if log.String() != "" {
		t.Errorf("the server logged %q", log.String())
	}
}

// TestConfigFileSite: the site a .robotslint.toml names reaches the rules
// that judge the file against it, and the client's settings replace it.
func TestConfigFileSite(t *testing.T) {
	dir := t.TempDir()
	writeConfig(t, dir, "site = \"https://www.example.com\"\n")
	const text = "User-agent: *\nDisallow: /cart/\n\nSitemap: http://www.example.com/sitemap.xml\n"
	s := newSession(t)
	if _, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{}); err != nil {
		t.Fatal(err)
	}
	p := s.open(uri.File(filepath.Join(dir, "robots.txt")), text)
	if !strings.Contains(codes(p), "sitemap-site") {
		t.Errorf("the site of the configuration file did not apply: %s", codes(p))
	}

	set, err := parseSettings([]byte(`{"site": "http://www.example.com"}`))
	if err != nil {
		t.Fatal(err)
	}
	if cfg := configFor(uri.File(filepath.Join(dir, "robots.txt")), set, newConfigFiles(nil)); cfg.Site != "http://www.example.com" {
		t.Errorf("the client's site did not replace the file's: %q", cfg.Site)
	}
	if _, err := parseSettings([]byte(`{"site": "example.com"}`)); errText(err) != `site "example.com" has no scheme: write "https://example.com"` {
		t.Errorf("a bad site: %v", err)
	}
}

// TestConfigFileCached: the server reads .robotslint.toml once, not at
// every edit: a change on disk shows when the client reports it
// (workspace/didChangeWatchedFiles, which the server asks for) or when the
// file is saved, and not before.
func TestConfigFileCached(t *testing.T) {
	dir := t.TempDir()
	config := writeConfig(t, dir, "[rules]\nmisspelled-directive = \"off\"\n")
	s := newSession(t)
	s.client.registered = make(chan *protocol.RegistrationParams, 1)
	_, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{Capabilities: protocol.ClientCapabilities{
		Workspace: &protocol.WorkspaceClientCapabilities{DidChangeWatchedFiles: &protocol.DidChangeWatchedFilesClientCapabilities{DynamicRegistration: ptr(true)}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.server.Initialized(s.ctx(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-s.client.registered:
		if len(p.Registrations) != 1 || p.Registrations[0].Method != protocol.MethodWorkspaceDidChangeWatchedFiles ||
			!strings.Contains(string(p.Registrations[0].RegisterOptions), `"**/.robotslint.toml"`) {
			t.Errorf("registered %+v", p)
		}
	case <-patience(t):
		t.Fatal("the server did not ask to watch the configuration files")
	}

	u := uri.File(filepath.Join(dir, "robots.txt"))
	const text = "User-agent: *\nDisalow: /private\n"
	misspelled := func(p *protocol.PublishDiagnosticsParams) bool {
		return strings.Contains(codes(p), "misspelled-directive")
	}
	edit := func(version int32) *protocol.PublishDiagnosticsParams {
		t.Helper()
		err := s.server.DidChange(s.ctx(), &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: text + strings.Repeat("\n", int(version))}},
		})
		if err != nil {
			t.Fatal(err)
		}
		return s.waitDiagnostics(u, version)
	}
	if misspelled(s.open(u, text)) {
		t.Fatal("the rule the configuration turns off reports")
	}

	writeConfig(t, dir, "")
	if misspelled(edit(2)) {
		t.Error("an edit read the configuration file again")
	}
	err = s.server.DidChangeWatchedFiles(s.ctx(), &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: uri.File(config), Type: protocol.FileChangeTypeChanged}}})
	if err != nil {
		t.Fatal(err)
	}
	if !misspelled(s.waitDiagnostics(u, 2)) {
		t.Error("the configuration file the client reported changed was not read again")
	}

	writeConfig(t, dir, "[rules]\nmisspelled-directive = \"off\"\n")
	if !misspelled(edit(3)) {
		t.Error("an edit read the configuration file again")
	}
	if err := s.server.DidSave(s.ctx(), &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}); err != nil {
		t.Fatal(err)
	}
	if misspelled(s.waitDiagnostics(u, 3)) {
		t.Error("saving the file did not read its configuration file again")
	}
}

// TestConfigFilesReadOnce counts the reads of configFiles: a directory's
// configuration is looked for once, until forget is told of a change in
// that directory or above it.
func TestConfigFilesReadOnce(t *testing.T) {
	root := filepath.Join(string(filepath.Separator), "site")
	var reads []string
	files := newConfigFiles(nil)
	files.read = func(path string) ([]byte, error) {
		reads = append(reads, path)
		if path == filepath.Join(root, lint.ConfigFileName) {
			return []byte("[rules]\ncrawl-delay = \"off\"\n"), nil
		}
		return nil, fs.ErrNotExist
	}
	deep, shallow := filepath.Join(root, "a", "b"), filepath.Join(root, "a")
	find := func(dir string, wantReads int) {
		t.Helper()
		reads = nil
		cfg := files.find(dir)
		if cfg == nil || cfg.Rules["crawl-delay"].Severity != lint.Off {
			t.Errorf("find(%s) = %+v", dir, cfg)
		}
		if len(reads) != wantReads {
			t.Errorf("find(%s) read %d files, want %d: %v", dir, len(reads), wantReads, reads)
		}
	}
	find(deep, 3) // a/b, a, and the root, where the file is
	find(deep, 0)
	find(shallow, 2)
	files.forget(filepath.Join(root, "other"))
	files.forget(filepath.Join(root, "a", "bb"))
	find(deep, 0)
	find(shallow, 0)
	files.forget(filepath.Join(root, "a", "b"))
	find(deep, 3)
	find(shallow, 0)
	files.forget(root)
	find(deep, 3)
	find(shallow, 2)
}
