package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// openPage opens an HTML document, as a client does for languageId html,
// and returns the diagnostics published for it.
func (s *session) openPage(u uri.URI, text string) *protocol.PublishDiagnosticsParams {
	s.t.Helper()
	if err := s.server.DidOpen(s.ctx(), &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "html", Version: 1, Text: text}}); err != nil {
		s.t.Fatal(err)
	}
	return s.waitDiagnostics(u, 1)
}

// hoverText returns the hover at pos of the document at u, "" for none.
func (s *session) hoverText(u uri.URI, pos protocol.Position) string {
	s.t.Helper()
	h, err := s.server.Hover(s.ctx(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos}})
	if err != nil {
		s.t.Fatal(err)
	}
	if h == nil {
		return ""
	}
	return h.Contents.(*protocol.MarkupContent).Value
}

// position returns the position of the first occurrence of word in text,
// plus shift bytes (ASCII text: UTF-16 and byte columns agree).
func position(t *testing.T, text, word string, shift int) protocol.Position {
	t.Helper()
	off := strings.Index(text, word)
	if off < 0 {
		t.Fatalf("%q not in %q", word, text)
	}
	off += shift
	line := strings.Count(text[:off], "\n")
	col := off - (strings.LastIndexByte(text[:off], '\n') + 1)
	return protocol.Position{Line: uint32(line), Character: uint32(col)}
}

// TestPageMisspelledValue: over the protocol, an HTML page with a
// misspelled robots value gets its diagnostic, a hover that names the
// rule meant and says what each crawler does with the others, and a quick
// fix that, applied and sent back as an edit, leaves no finding.
func TestPageMisspelledValue(t *testing.T) {
	s := startSession(t, "")
	u := uri.URI("file:///nonexistent/site/offer.html")
	text := "<!doctype html>\n<html><head>\n  <meta name=\"robots\" content=\"noidex, nosnippet\">\n</head><body>x</body></html>\n"
	p := s.openPage(u, text)
	if codes(p) != "unknown-indexing-rule" {
		t.Fatalf("diagnostics %s, want unknown-indexing-rule: %+v", codes(p), p.Diagnostics)
	}
	diag := p.Diagnostics[0]
	if want := (protocol.Range{Start: position(t, text, "noidex", 0), End: position(t, text, "noidex", len("noidex"))}); diag.Range != want {
		t.Errorf("range %+v, want %+v (the misspelled word)", diag.Range, want)
	}
	if msg := string(diag.Message.(protocol.String)); !strings.Contains(msg, "did you mean `noindex`?") {
		t.Errorf("message %q does not name noindex", msg)
	}

	for _, tt := range []struct {
		word string
		want []string
	}{
		{"noidex", []string{"**noidex** is not a rule any search engine knows, so crawlers ignore it. Did you mean `noindex`?"}},
		{"nosnippet", []string{"**nosnippet** — ", "- Google reads it", "- Yandex "}},
		{"robots\" content", []string{"**robots** — every search engine's crawler", "Google, Bing and Yandex read the rules of this tag."}},
	} {
		if got := s.hoverText(u, position(t, text, tt.word, 2)); !containsAll(got, tt.want) {
			t.Errorf("hover on %s:\n%s\nwant %q", tt.word, got, tt.want)
		}
	}
	if got := s.hoverText(u, position(t, text, "<body>", 1)); got != "" {
		t.Errorf("hover on <body>: %q, want none", got)
	}

	actions, err := s.server.CodeAction(s.ctx(), &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range:        diag.Range,
		Context:      protocol.CodeActionContext{Diagnostics: p.Diagnostics},
	})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	var rename *protocol.CodeAction
	for _, a := range actions {
		ca := a.(*protocol.CodeAction)
		titles = append(titles, ca.Title)
		if strings.HasPrefix(ca.Title, "Rename to noindex") {
			rename = ca
		}
	}
	if rename == nil || len(actions) != 2 || !strings.HasPrefix(titles[1], "Disable unknown-indexing-rule for this line") {
		t.Fatalf("code actions %q, want the rename and the suppression comment", titles)
	}
	edits := rename.Edit.Changes[u]
	if len(edits) != 1 {
		t.Fatalf("the rename has %d edits", len(edits))
	}
	fixed := applied(text, edits[0])
	if want := strings.Replace(text, "noidex", "noindex", 1); fixed != want {
		t.Fatalf("the fix gives %q, want %q", fixed, want)
	}
	if err := s.server.DidChange(s.ctx(), &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{Range: edits[0].Range, Text: edits[0].NewText}},
	}); err != nil {
		t.Fatal(err)
	}
	if p := s.waitDiagnostics(u, 2); len(p.Diagnostics) != 0 {
		t.Errorf("after the fix: %s", codes(p))
	}

	// The suppression comment silences the finding.
	suppress := actions[1].(*protocol.CodeAction).Edit.Changes[u][0]
	if got := applied(text, suppress); !strings.Contains(got, "\n  <!-- robotslint:disable-next-line unknown-indexing-rule -->\n  <meta") {
		t.Errorf("the suppression comment gives %q", got)
	}
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestPageWithoutDirectives: an HTML page without robots directives gets
// an empty list of diagnostics, even in a site whose robots.txt blocks
// it, and no robots.txt feature answers for it.
func TestPageWithoutDirectives(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte("User-agent: *\nDisallow: /\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startSession(t, "")
	u := uri.File(filepath.Join(dir, "index.html"))
	text := "<!doctype html>\n<html><head><title>Disallow: /x</title>\n<meta name=\"description\" content=\"noidex\">\n</head>\n<body><!-- a comment --><p>User-agent: *</p></body></html>\n"
	if p := s.openPage(u, text); p.Diagnostics == nil || len(p.Diagnostics) != 0 {
		t.Fatalf("diagnostics %+v, want an empty list", p.Diagnostics)
	}
	if got := s.hoverText(u, position(t, text, "Disallow", 2)); got != "" {
		t.Errorf("hover %q, want none", got)
	}
	id := protocol.TextDocumentIdentifier{URI: u}
	if edits, err := s.server.Formatting(s.ctx(), &protocol.DocumentFormattingParams{TextDocument: id}); err != nil || len(edits) != 0 {
		t.Errorf("formatting: %v, %v", edits, err)
	}
	if tokens, err := s.server.SemanticTokensFull(s.ctx(), &protocol.SemanticTokensParams{TextDocument: id}); err != nil || tokens != nil {
		t.Errorf("semantic tokens: %v, %v", tokens, err)
	}
	if symbols, err := s.server.DocumentSymbol(s.ctx(), &protocol.DocumentSymbolParams{TextDocument: id}); err != nil || len(symbols.(protocol.DocumentSymbolSlice)) != 0 {
		t.Errorf("symbols: %v, %v", symbols, err)
	}
	actions, err := s.server.CodeAction(s.ctx(), &protocol.CodeActionParams{TextDocument: id})
	if err != nil || len(actions) != 0 {
		t.Errorf("code actions: %v, %v", actions, err)
	}
}

// TestPageHiddenByRobotsTxt: a page's noindex that robots.txt keeps
// crawlers from seeing is reported with the robots.txt line as related
// information, the page's URL path taken from its place under the
// directory of the nearest robots.txt; saving the robots.txt, or a change
// on disk the client reports, lints the page again.
func TestPageHiddenByRobotsTxt(t *testing.T) {
	site := filepath.Join(t.TempDir(), "public")
	robotsPath := filepath.Join(site, "robots.txt")
	if err := os.MkdirAll(filepath.Join(site, "private"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(robotsPath, []byte("User-agent: *\nDisallow: /private/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startSession(t, "")
	u := uri.File(filepath.Join(site, "private", "index.html"))
	text := "<html><head>\n<meta name=\"robots\" content=\"noindex\">\n</head></html>\n"
	p := s.openPage(u, text)
	if codes(p) != "hidden-by-robots-txt" {
		t.Fatalf("diagnostics %s, want hidden-by-robots-txt: %+v", codes(p), p.Diagnostics)
	}
	var related []protocol.DiagnosticRelatedInformation
	for _, d := range p.Diagnostics {
		related = append(related, d.RelatedInformation...)
	}
	found := false
	for _, r := range related {
		if r.Location.URI == uri.File(robotsPath) && r.Location.Range.Start.Line == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("no related information at line 2 of %s: %+v", robotsPath, related)
	}

	// The site now allows the page: once robots.txt is saved, the
	// finding goes.
	if err := os.WriteFile(robotsPath, []byte("User-agent: *\nDisallow: /tmp/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.server.DidSave(s.ctx(), &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(robotsPath)}}); err != nil {
		t.Fatal(err)
	}
	if p := s.waitDiagnostics(u, 1); len(p.Diagnostics) != 0 {
		t.Errorf("after robots.txt allows the page: %s", codes(p))
	}

	// Changed on disk, outside the editor: the client reports it (the
	// server asked it to watch robots.txt files), and the finding is back.
	if err := os.WriteFile(robotsPath, []byte("User-agent: *\nDisallow: /\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.server.DidChangeWatchedFiles(s.ctx(), &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: uri.File(robotsPath), Type: protocol.FileChangeTypeChanged}}}); err != nil {
		t.Fatal(err)
	}
	if p := s.waitDiagnostics(u, 1); codes(p) != "hidden-by-robots-txt" {
		t.Errorf("after robots.txt changed on disk: %s", codes(p))
	}
}

func TestPageURLPath(t *testing.T) {
	site := filepath.FromSlash("/srv/public")
	for file, want := range map[string]string{
		"/srv/public/index.html":          "/",
		"/srv/public/blog/index.htm":      "/blog/",
		"/srv/public/blog/post one.html":  "/blog/post%20one.html",
		"/srv/public/private/offer.html":  "/private/offer.html",
		"/srv/other/offer.html":           "",
		"/srv/public/Index.HTML":          "/",
		"/srv/public/docs/index.html.bak": "/docs/index.html.bak",
	} {
		if got := pageURLPath(site, filepath.FromSlash(file)); got != want {
			t.Errorf("pageURLPath(%s) = %q, want %q", file, got, want)
		}
	}
}

func TestIsPage(t *testing.T) {
	for _, tt := range []struct {
		uri, lang string
		want      bool
	}{
		{"file:///a/index.html", "html", true},
		{"file:///a/INDEX.HTM", "", true},
		{"file:///a/page.html", "mhtml", true},
		{"untitled:Untitled-1", "html", true},
		{"file:///a/robots.txt", "robots-txt", false},
		{"file:///a/robots.txt", "", false},
		{"file:///a/html.txt", "plaintext", false},
	} {
		if got := isPage(uri.URI(tt.uri), tt.lang); got != tt.want {
			t.Errorf("isPage(%s, %q) = %v, want %v", tt.uri, tt.lang, got, tt.want)
		}
	}
}

// TestFormattingRegisteredForRobotsTxt: a client that registers
// formatting dynamically gets it for robots.txt files alone, so that the
// server is no formatter of the HTML pages it also gets; a client that
// cannot gets it in the capabilities, as before.
func TestFormattingRegisteredForRobotsTxt(t *testing.T) {
	s := newSession(t)
	s.client.registered = make(chan *protocol.RegistrationParams, 1)
	res, err := s.server.Initialize(s.ctx(), &protocol.InitializeParams{Capabilities: protocol.ClientCapabilities{
		TextDocument: &protocol.TextDocumentClientCapabilities{Formatting: &protocol.DocumentFormattingClientCapabilities{DynamicRegistration: ptr(true)}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Capabilities.DocumentFormattingProvider != nil {
		t.Errorf("formatting declared statically too: %v", res.Capabilities.DocumentFormattingProvider)
	}
	if err := s.server.Initialized(s.ctx(), &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-s.client.registered:
		opts := string(p.Registrations[0].RegisterOptions)
		if len(p.Registrations) != 1 || p.Registrations[0].Method != protocol.MethodTextDocumentFormatting ||
			!strings.Contains(opts, `{"language":"robots-txt"}`) || !strings.Contains(opts, `{"pattern":"**/robots.txt"}`) || strings.Contains(opts, "html") {
			t.Errorf("registered %+v: %s", p, opts)
		}
	case <-patience(t):
		t.Fatal("the server did not register formatting")
	}

	if capabilities(protocol.PositionEncodingKindUTF16, false).DocumentFormattingProvider == nil {
		t.Error("no formatting in the capabilities for a client that cannot register it")
	}
}
