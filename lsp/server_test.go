package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/rules"
)

// testClient is the client end of an in-process session: it records what
// the server publishes and answers workspace/configuration with settings.
type testClient struct {
	protocol.UnimplementedClient

	mu        sync.Mutex
	settings  string // the "robotslint" section the client answers with
	diags     chan *protocol.PublishDiagnosticsParams
	refreshed chan struct{} // workspace/diagnostic/refresh requests, if not nil
	// registered receives the client/registerCapability requests, if not
	// nil.
	registered chan *protocol.RegistrationParams
}

func (c *testClient) RegisterCapability(ctx context.Context, p *protocol.RegistrationParams) error {
	if c.registered != nil {
		c.registered <- p
	}
	return nil
}

func (c *testClient) DiagnosticRefresh(ctx context.Context) error {
	if c.refreshed != nil {
		c.refreshed <- struct{}{}
	}
	return nil
}

func (c *testClient) PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error {
	c.diags <- p
	return nil
}

func (c *testClient) Configuration(ctx context.Context, p *protocol.ConfigurationParams) ([]protocol.LSPAny, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]protocol.LSPAny, len(p.Items))
	for i := range out {
		out[i] = protocol.LSPAny(c.settings)
	}
	return out, nil
}

func (c *testClient) LogMessage(ctx context.Context, p *protocol.LogMessageParams) error { return nil }

// session is a server and a client joined by a pipe.
type session struct {
	t      testing.TB
	server protocol.Server
	client *testClient
	conn   jsonrpc2.Conn
	status chan int
}

// startSession starts a server and initializes it, offering the position
// encoding enc ("" for none: UTF-16).
func startSession(t testing.TB, enc protocol.PositionEncodingKind) *session {
	t.Helper()
	s := newSession(t)
	caps := protocol.ClientCapabilities{
		TextDocument: &protocol.TextDocumentClientCapabilities{Hover: &protocol.HoverClientCapabilities{ContentFormat: []protocol.MarkupKind{protocol.MarkupKindMarkdown}}},
		Workspace:    &protocol.WorkspaceClientCapabilities{Configuration: ptr(true)},
	}
	if enc != "" {
		caps.General = &protocol.GeneralClientCapabilities{PositionEncodings: []protocol.PositionEncodingKind{enc}}
	}
	res, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{Capabilities: caps})
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	want := protocol.PositionEncodingKindUTF16
	if enc == protocol.PositionEncodingKindUTF8 {
		want = enc
	}
	if res.Capabilities.PositionEncoding != want {
		t.Fatalf("position encoding %q, want %q", res.Capabilities.PositionEncoding, want)
	}
	if err := s.server.Initialized(s.ctx(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	return s
}

// newSession starts a server without initializing it.
func newSession(t testing.TB) *session { return newSessionWith(t, Options{Version: "test"}) }

// newSessionWith starts a server with options opt without initializing it.
func newSessionWith(t testing.TB, opt Options) *session {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	s := &session{t: t, client: &testClient{diags: make(chan *protocol.PublishDiagnosticsParams, 64)}, status: make(chan int, 1)}
	go func() { s.status <- Serve(context.Background(), serverEnd, opt) }()
	_, s.conn, s.server = protocol.NewClient(context.Background(), s.client, jsonrpc2.NewHeaderStream(clientEnd))
	t.Cleanup(func() {
		serverEnd.Close()
		clientEnd.Close()
	})
	return s
}

func (s *session) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	s.t.Cleanup(cancel)
	return ctx
}

// open opens a document and returns the diagnostics published for it.
func (s *session) open(u uri.URI, text string) *protocol.PublishDiagnosticsParams {
	s.t.Helper()
	if err := s.server.DidOpen(s.ctx(), &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "robots-txt", Version: 1, Text: text}}); err != nil {
		s.t.Fatal(err)
	}
	return s.waitDiagnostics(u, 1)
}

// waitDiagnostics waits for diagnostics of u at version (0: any).
func (s *session) waitDiagnostics(u uri.URI, version int32) *protocol.PublishDiagnosticsParams {
	s.t.Helper()
	deadline := patience(s.t)
	for {
		select {
		case p := <-s.client.diags:
			if v, ok := p.Version.Get(); p.URI == u && (version == 0 || ok && v == version) {
				return p
			}
		case <-deadline:
			s.t.Fatalf("no diagnostics for %s version %d", u, version)
			return nil
		}
	}
}

func codes(p *protocol.PublishDiagnosticsParams) string {
	var names []string
	for _, d := range p.Diagnostics {
		if c, ok := d.Code.(protocol.String); ok {
			names = append(names, string(c))
		}
	}
	return strings.Join(names, ",")
}

const testURI = uri.URI("file:///nonexistent/robots.txt")

func TestLifecycle(t *testing.T) {
	s := newSession(t)
	// A request before initialize.
	_, err := s.server.Hover(s.ctx(), &protocol.HoverParams{})
	var rpcErr *jsonrpc2.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.ServerNotInitialized {
		t.Errorf("a request before initialize: %v, want ServerNotInitialized", err)
	}
	if _, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{}); err == nil {
		t.Error("a second initialize succeeds")
	}
	if err := s.server.Shutdown(s.ctx()); err != nil {
		t.Fatal(err)
	}
	_, err = s.server.CodeAction(s.ctx(), &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}})
	if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.InvalidRequest {
		t.Errorf("a request after shutdown: %v, want InvalidRequest", err)
	}
	if err := s.server.Exit(s.ctx()); err != nil {
		t.Fatal(err)
	}
	select {
	case status := <-s.status:
		if status != 0 {
			t.Errorf("exit after shutdown: status %d, want 0", status)
		}
	case <-patience(t):
		t.Fatal("Serve did not return after exit")
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	s := startSession(t, "")
	if err := s.server.Exit(s.ctx()); err != nil {
		t.Fatal(err)
	}
	if status := <-s.status; status != 1 {
		t.Errorf("exit without shutdown: status %d, want 1", status)
	}
}

func TestDiagnosticsLifecycle(t *testing.T) {
	s := startSession(t, "")
	p := s.open(testURI, "User-agent: *\nDisalow: /private\nSitemap: https://www.example.com/sitemap.xml\n")
	if got := codes(p); got != "misspelled-directive" {
		t.Fatalf("on open: %s", got)
	}
	d := p.Diagnostics[0]
	if d.Range.Start.Line != 1 || d.Range.Start.Character != 0 || d.Range.End.Character != 7 {
		t.Errorf("range %+v", d.Range)
	}
	if d.CodeDescription.Href != uri.URI(rules.DocsURL("misspelled-directive")) {
		t.Errorf("code description %q", d.CodeDescription.Href)
	}
	var data fixData
	if err := json.Unmarshal(d.Data, &data); err != nil || len(data.Fixes) == 0 || data.Fixes[0].Edits[0].NewText != "Disallow" {
		t.Errorf("data %s (%v)", d.Data, err)
	}

	// An incremental change that fixes the line.
	err := s.server.DidChange(s.ctx(), &protocol.DidChangeTextDocumentParams{
		TextDocument: protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: testURI}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{
			Range: protocol.Range{Start: protocol.Position{Line: 1, Character: 4}, End: protocol.Position{Line: 1, Character: 4}},
			Text:  "l",
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p := s.waitDiagnostics(testURI, 2); len(p.Diagnostics) != 0 || p.Diagnostics == nil {
		t.Errorf("after the fix: %s (nil: %v)", codes(p), p.Diagnostics == nil)
	}

	// Configuration: the client turns on legacy, whose reading finds
	// the blank line in the group.
	s.client.mu.Lock()
	s.client.settings = `{"profiles": ["google", "legacy"], "rules": {"misspelled-directive": "off"}}`
	s.client.mu.Unlock()
	if err := s.server.DidChangeConfiguration(s.ctx(), &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny("null")}); err != nil {
		t.Fatal(err)
	}
	s.waitDiagnostics(testURI, 2)

	if err := s.server.DidClose(s.ctx(), &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}); err != nil {
		t.Fatal(err)
	}
	if p := s.waitDiagnostics(testURI, 0); p.Diagnostics == nil || len(p.Diagnostics) != 0 {
		t.Errorf("on close: %d diagnostics (nil: %v)", len(p.Diagnostics), p.Diagnostics == nil)
	}
}

// TestLargeDocument opens a 5 MB document and edits it: diagnostics come,
// and a request sent after the edits is answered with them.
func TestLargeDocument(t *testing.T) {
	var b strings.Builder
	for b.Len() < 5<<20 {
		b.WriteString("User-agent: bot" + strings.Repeat("x", b.Len()%7) + "\nDisallow: /private/\nAllow: /public/page.html\n# a comment\n\n")
	}
	s := startSession(t, "")
	start := time.Now()
	s.open(testURI, b.String())
	t.Logf("5 MB document linted and published in %v", time.Since(start))
	s.change(2, protocol.Range{Start: protocol.Position{Line: 1, Character: 0}, End: protocol.Position{Line: 1, Character: 8}}, "Disalow")
	for v := int32(3); v <= 4; v++ {
		s.change(v, protocol.Range{Start: protocol.Position{Line: 3, Character: 0}, End: protocol.Position{Line: 3, Character: 0}}, "#")
	}
	s.waitDiagnostics(testURI, 4)
	report, err := s.server.Diagnostic(s.ctx(), &protocol.DocumentDiagnosticParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}})
	if err != nil {
		t.Fatal(err)
	}
	full, ok := report.(*protocol.RelatedFullDocumentDiagnosticReport)
	if !ok || len(full.Items) != maxPublished+1 || fmt.Sprint(full.Items[0].Code) != "misspelled-directive" {
		t.Errorf("pulled %T with %d items", report, len(full.Items))
	}
}

// TestManyEdits sends 10,000 edits in a row, one a notification, typing
// a rule a character at a time; the last version's diagnostics arrive and
// see every character.
func TestManyEdits(t *testing.T) {
	s := startSession(t, "")
	s.open(testURI, "User-agent: *\n\n")
	typed := "Disallow: /" + strings.Repeat("x", 9986) + " /b" // 10,000 characters
	for i := range len(typed) {
		pos := protocol.Position{Line: 1, Character: uint32(i)}
		s.change(int32(i+2), protocol.Range{Start: pos, End: pos}, typed[i:i+1])
	}
	p := s.waitDiagnostics(testURI, int32(len(typed)+1))
	for _, d := range p.Diagnostics {
		if fmt.Sprint(d.Code) == "multiple-paths" {
			// The value runs from column 10 to the end of everything typed.
			if d.Range.Start.Character != 10 || d.Range.End.Character != uint32(len(typed)) {
				t.Errorf("multiple-paths at %+v, want columns 10 to %d", d.Range, len(typed))
			}
			return
		}
	}
	t.Errorf("after 10,000 edits: %s", codes(p))
}

// change sends one incremental change.
func (s *session) change(version int32, r protocol.Range, text string) {
	s.t.Helper()
	err := s.server.DidChange(s.ctx(), &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: testURI}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{Range: r, Text: text}},
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

// TestInitializationOptions: settings sent with initialize apply, and a
// client that answers workspace/configuration with null (as Helix does
// for a section it lacks) does not erase them.
func TestInitializationOptions(t *testing.T) {
	s := newSession(t)
	s.client.settings = "null"
	_, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{
		Capabilities:          protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{Configuration: ptr(true)}},
		InitializationOptions: protocol.LSPAny(`{"rules": {"misspelled-directive": "off"}}`),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.server.Initialized(s.ctx(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // the configuration round trip
	if p := s.open(testURI, "User-agent: *\nDisalow: /private\nSitemap: https://www.example.com/sitemap.xml\n"); strings.Contains(codes(p), "misspelled-directive") {
		t.Errorf("the rule turned off in initializationOptions reports: %s", codes(p))
	}
}

// TestPullClient: a client that pulls diagnostics gets none pushed (it
// would show them twice), pulls them, and is asked to pull again when the
// settings change.
func TestPullClient(t *testing.T) {
	s := newSession(t)
	s.client.refreshed = make(chan struct{}, 4)
	_, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{Capabilities: protocol.ClientCapabilities{
		TextDocument: &protocol.TextDocumentClientCapabilities{Diagnostic: &protocol.DiagnosticClientCapabilities{}},
		Workspace: &protocol.WorkspaceClientCapabilities{
			Diagnostics: &protocol.DiagnosticWorkspaceClientCapabilities{RefreshSupport: ptr(true)},
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.server.DidOpen(s.ctx(), &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: testURI, Version: 1, Text: "User-agent: *\nDisalow: /x\nSitemap: https://www.example.com/sitemap.xml\n"}}); err != nil {
		t.Fatal(err)
	}
	report, err := s.server.Diagnostic(s.ctx(), &protocol.DocumentDiagnosticParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}})
	if err != nil {
		t.Fatal(err)
	}
	if items := report.(*protocol.RelatedFullDocumentDiagnosticReport).Items; len(items) != 1 || fmt.Sprint(items[0].Code) != "misspelled-directive" {
		t.Errorf("pulled %d items", len(items))
	}
	if err := s.server.DidChangeConfiguration(s.ctx(), &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(`{"robotslint": {"rules": {"misspelled-directive": "off"}}}`)}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.client.refreshed:
	case <-patience(t):
		t.Fatal("no workspace/diagnostic/refresh after the settings changed")
	}
	report, _ = s.server.Diagnostic(s.ctx(), &protocol.DocumentDiagnosticParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}})
	if items := report.(*protocol.RelatedFullDocumentDiagnosticReport).Items; len(items) != 0 {
		t.Errorf("after turning the rule off: %d items", len(items))
	}
	// Nothing was pushed: the request above was answered after the lint
	// of the open, which would have published first.
	select {
	case p := <-s.client.diags:
		t.Errorf("diagnostics pushed to a pulling client: %s", codes(p))
	default:
	}
}
