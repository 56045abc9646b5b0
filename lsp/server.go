package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// Options configure a server.
type Options struct {
	// Version is robotslint's version, for the client's server info.
	Version string
	// Log receives the server's log; nil discards it. Never the stream's
	// own output, which carries only protocol messages.
	Log io.Writer
}

// Serve runs the language server on stream until the client sends exit,
// and returns the exit status LSP asks for: 0 after a shutdown request, 1
// otherwise. It returns as soon as exit arrives, without waiting for the
// connection to wind down: a read blocked on the client's end of a pipe is
// not interrupted, and clients kill a server that lingers. Serve also
// returns, with 1, when the stream ends without exit.
func Serve(ctx context.Context, stream io.ReadWriteCloser, opt Options) int {
	logw := opt.Log
	if logw == nil {
		logw = io.Discard
	}
	s := &server{
		version: opt.Version,
		log:     log.New(logw, "robotslint lsp: ", log.LstdFlags|log.Lmsgprefix),
		files:   map[uri.URI]*openFile{},
		linting: map[uri.URI]*lintState{},
		exited:  make(chan struct{}),
		enc:     syntax.UTF16,
	}
	s.configs = newConfigFiles(&configLog{log: s.log})
	s.sites = newSiteFiles()
	conn := jsonrpc2.NewConn(tolerantStream{jsonrpc2.NewHeaderStream(stream), s.log}, jsonrpc2.WithCodec(codec{}))
	s.client = protocol.ClientDispatcher(conn)
	ctx = protocol.WithClient(ctx, s.client)
	conn.Go(ctx, s.middleware(protocol.CancelHandler(asyncCalls(protocol.ServerHandler(s, jsonrpc2.MethodNotFoundHandler)))))
	select {
	case <-s.exited:
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.state == stateShutdown {
			return 0
		}
		return 1
	case <-conn.Done():
		if err := conn.Err(); err != nil {
			s.log.Printf("connection ended: %v", err)
		}
		return 1
	}
}

// codec is protocol's own codec for LSP payloads, which it does not export:
// building the connection here, to put the middleware outside everything,
// needs a copy.
type codec struct{}

func (codec) Marshal(v any) ([]byte, error) {
	switch m := v.(type) {
	case jsonrpc2.RawMessage:
		if m == nil {
			return []byte("null"), nil
		}
		return m, nil
	case *jsonrpc2.RawMessage:
		if m == nil || *m == nil {
			return []byte("null"), nil
		}
		return *m, nil
	}
	return protocol.Marshal(v)
}

func (codec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}

// tolerantStream skips a message it cannot read (a header line without a
// colon, a body that is not JSON-RPC) instead of failing, which jsonrpc2
// would take as the end of the connection: one bad frame from a client
// must not end the session. The header framer consumes just the bad frame,
// so reading on finds the next one. Having no ReadFrame, it also turns off
// JSON-RPC batches, which LSP does not use.
type tolerantStream struct {
	jsonrpc2.Stream
	log *log.Logger
}

func (s tolerantStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		msg, n, err := s.Stream.Read(ctx)
		var rpcErr *jsonrpc2.Error
		if errors.Is(err, jsonrpc2.ErrInvalidHeader) || errors.As(err, &rpcErr) {
			s.log.Printf("skipping an unreadable message: %v", err)
			continue
		}
		return msg, n, err
	}
}

// served are the requests the server answers. Others get MethodNotFound
// from the middleware: protocol's handler would first decode their params,
// and answer a request without params with a parse error.
var served = map[string]bool{
	protocol.MethodInitialize:                     true,
	protocol.MethodShutdown:                       true,
	protocol.MethodTextDocumentHover:              true,
	protocol.MethodTextDocumentCompletion:         true,
	protocol.MethodTextDocumentFormatting:         true,
	protocol.MethodTextDocumentDocumentSymbol:     true,
	protocol.MethodTextDocumentFoldingRange:       true,
	protocol.MethodTextDocumentSemanticTokensFull: true,
	protocol.MethodTextDocumentDocumentLink:       true,
	protocol.MethodTextDocumentCodeAction:         true,
	protocol.MethodTextDocumentDiagnostic:         true,
}

// The server's lifecycle.
const (
	stateNew         = iota // before initialize
	stateInitialized        // between initialize and shutdown
	stateShutdown           // after shutdown
)

// server is the LSP server: the open files and what the client said about
// itself. Methods of protocol.Server that it does not override answer
// "method not found".
type server struct {
	protocol.UnimplementedServer

	version string
	log     *log.Logger
	client  protocol.Client
	exited  chan struct{}

	mu        sync.Mutex
	state     int
	enc       syntax.Encoding
	markdown  bool // the client shows markdown in hovers
	configCap bool // the client answers workspace/configuration
	// watchCap: the client watches files for the server when asked
	// (dynamic registration of workspace/didChangeWatchedFiles).
	watchCap bool
	// dynamicFormatting: the client registers formatting when asked, for
	// the documents the server names (see registerFormatting).
	dynamicFormatting bool
	// pull is true when the client pulls diagnostics itself: it then
	// gets none pushed, which it would show a second time, and refresh
	// says when they changed other than by an edit it made.
	pull, refresh bool
	settings      settings
	// asked counts the settings asked for or received: an answer to an
	// older request, arriving after newer settings, is dropped.
	asked   uint64
	files   map[uri.URI]*openFile
	linting map[uri.URI]*lintState
	// configs are the configuration files found, read once each.
	configs *configFiles
	// sites are the robots.txt files of the sites open pages belong to.
	sites *siteFiles

	// publishMu orders the diagnostics sent for a file: a result is sent
	// only if its version is still the file's, checked and sent under it.
	publishMu sync.Mutex
	exitOnce  sync.Once
}

// asyncCalls lets each request run concurrently with what arrives after
// it, while notifications stay on the read loop, in the order sent: an
// edit must be applied before the next edit and before any request sent
// after it. A request still starts after the notifications sent before it.
func asyncCalls(next jsonrpc2.Handler) jsonrpc2.Handler {
	return func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		if req.IsCall() {
			jsonrpc2.Async(ctx)
		}
		return next(ctx, req)
	}
}

// middleware is outermost. It enforces the lifecycle (requests before
// initialize get ServerNotInitialized, requests after shutdown
// InvalidRequest), turns a panic into an InternalError reply, and logs and
// swallows the error of a notification: jsonrpc2 ends the connection on
// one, and an unknown or malformed notification must not end the session.
func (s *server) middleware(next jsonrpc2.Handler) jsonrpc2.Handler {
	return func(ctx context.Context, req *jsonrpc2.Request) (result any, err error) {
		method := req.Method()
		defer func() {
			if v := recover(); v != nil {
				s.log.Printf("panic in %s: %v\n%s", method, v, debug.Stack())
				result, err = nil, jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("internal error in %s: %v", method, v))
			}
			if err != nil && !req.IsCall() {
				s.log.Printf("notification %s: %v", method, err)
				result, err = nil, nil
			}
		}()
		s.mu.Lock()
		state := s.state
		s.mu.Unlock()
		switch {
		case method == protocol.MethodExit:
			s.exit()
			return nil, nil
		case state == stateNew && method != protocol.MethodInitialize:
			if req.IsCall() {
				return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized")
			}
			return nil, nil // notifications before initialize are dropped
		case state == stateShutdown && req.IsCall():
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shut down")
		case state != stateNew && method == protocol.MethodInitialize:
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is already initialized")
		case req.IsCall() && !served[method]:
			return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, fmt.Sprintf("method not found: %s", method))
		}
		return next(ctx, req)
	}
}

func (s *server) exit() { s.exitOnce.Do(func() { close(s.exited) }) }

// Initialize negotiates the position encoding and the hover format, and
// says what the server does.
func (s *server) Initialize(ctx context.Context, params *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	caps := params.Capabilities
	enc := protocol.PositionEncodingKindUTF16
	if caps.General != nil && slices.Contains(caps.General.PositionEncodings, protocol.PositionEncodingKindUTF8) {
		enc, s.enc = protocol.PositionEncodingKindUTF8, syntax.UTF8
	}
	if td := caps.TextDocument; td != nil && td.Hover != nil {
		s.markdown = slices.Contains(td.Hover.ContentFormat, protocol.MarkupKindMarkdown)
	}
	if ws := caps.Workspace; ws != nil && ws.Configuration != nil {
		s.configCap = *ws.Configuration
	}
	if ws := caps.Workspace; ws != nil && ws.DidChangeWatchedFiles != nil && ws.DidChangeWatchedFiles.DynamicRegistration != nil {
		s.watchCap = *ws.DidChangeWatchedFiles.DynamicRegistration
	}
	if td := caps.TextDocument; td != nil && td.Formatting != nil && td.Formatting.DynamicRegistration != nil {
		s.dynamicFormatting = *td.Formatting.DynamicRegistration
	}
	if td := caps.TextDocument; td != nil && td.Diagnostic != nil {
		s.pull = true
		if ws := caps.Workspace; ws != nil && ws.Diagnostics != nil && ws.Diagnostics.RefreshSupport != nil {
			s.refresh = *ws.Diagnostics.RefreshSupport
		}
	}
	if len(params.InitializationOptions) > 0 {
		set, err := parseSettings(params.InitializationOptions)
		if err != nil {
			s.log.Printf("initializationOptions: %v", err)
		}
		s.settings = set
	}
	s.state = stateInitialized
	return &protocol.InitializeResult{
		Capabilities: capabilities(enc, s.dynamicFormatting),
		ServerInfo:   protocol.ServerInfo{Name: "robotslint", Version: protocol.NewOptional(s.version)},
	}, nil
}

// Initialized asks the client for its settings, to watch the
// configuration files and to send formatting requests for robots.txt
// files, now that it may be asked.
func (s *server) Initialized(ctx context.Context, params *protocol.InitializedParams) error {
	go s.fetchSettings(jsonrpc2.DetachContext(ctx))
	go s.watchConfigFiles(jsonrpc2.DetachContext(ctx))
	go s.registerFormatting(jsonrpc2.DetachContext(ctx))
	return nil
}

// watchConfigFiles asks the client to say when a .robotslint.toml, or a
// robots.txt that open pages are judged against, is created, changed or
// deleted (workspace/didChangeWatchedFiles), if it can.
// A client that cannot still has the file read again when a robots.txt
// under it is saved. It runs apart from the read loop: the answer comes on
// that loop.
func (s *server) watchConfigFiles(ctx context.Context) {
	s.mu.Lock()
	ok := s.watchCap
	s.mu.Unlock()
	if !ok {
		return
	}
	opts, err := protocol.Marshal(&protocol.DidChangeWatchedFilesRegistrationOptions{
		Watchers: []protocol.FileSystemWatcher{
			{GlobPattern: protocol.Pattern("**/" + lint.ConfigFileName)},
			// The robots.txt files open pages are judged against.
			{GlobPattern: protocol.Pattern("**/robots.txt")},
		},
	})
	if err == nil {
		err = s.client.RegisterCapability(ctx, &protocol.RegistrationParams{Registrations: []protocol.Registration{{
			ID: "robotslint-config-files", Method: protocol.MethodWorkspaceDidChangeWatchedFiles, RegisterOptions: opts,
		}}})
	}
	if err != nil {
		s.log.Printf("client/registerCapability: %v", err)
	}
}

// DidChangeWatchedFiles reads again the configuration files and robots.txt
// files that changed, and lints every open file again.
func (s *server) DidChangeWatchedFiles(ctx context.Context, params *protocol.DidChangeWatchedFilesParams) error {
	changed := false
	for _, c := range params.Changes {
		if c.URI.Scheme() != "file" {
			continue
		}
		switch filepath.Base(c.URI.FsPath()) {
		case lint.ConfigFileName:
			s.configs.forget(filepath.Dir(c.URI.FsPath()))
			changed = true
		case "robots.txt":
			s.sites.forget()
			changed = true
		}
	}
	if changed {
		s.relintAll()
	}
	return nil
}

// Shutdown stops answering requests; the client sends exit next.
func (s *server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.state = stateShutdown
	return nil
}

// DidOpen starts tracking a file and lints it.
func (s *server) DidOpen(ctx context.Context, params *protocol.DidOpenTextDocumentParams) error {
	item := params.TextDocument
	s.mu.Lock()
	f := &openFile{uri: item.URI, languageID: string(item.LanguageID), version: item.Version, buf: newEditBuffer([]byte(item.Text)), settings: s.settings, enc: s.enc, configs: s.configs, sites: s.sites}
	s.files[item.URI] = f
	s.mu.Unlock()
	s.schedule(item.URI)
	return nil
}

// DidChange applies the changes in order, then lints the result when it
// can: a burst of changes is linted once, at its last version.
func (s *server) DidChange(ctx context.Context, params *protocol.DidChangeTextDocumentParams) error {
	u := params.TextDocument.URI
	s.mu.Lock()
	f := s.files[u]
	s.mu.Unlock()
	if f == nil {
		return fmt.Errorf("didChange for %s, which is not open", u)
	}
	buf := f.buf
	for _, change := range params.ContentChanges {
		buf = buf.apply(change, f.enc)
	}
	next := &openFile{uri: u, languageID: f.languageID, version: params.TextDocument.Version, buf: buf, settings: f.settings, enc: f.enc, configs: f.configs, sites: f.sites}
	s.mu.Lock()
	s.files[u] = next
	s.mu.Unlock()
	s.schedule(u)
	return nil
}

// DidSave reads the configuration files again and lints what they apply
// to: all open files for a saved .robotslint.toml, and for a saved
// robots.txt, which the open pages of its site are judged against; the
// saved file for any other, whose configuration file may have changed
// unseen (not every client watches files).
func (s *server) DidSave(ctx context.Context, params *protocol.DidSaveTextDocumentParams) error {
	u := params.TextDocument.URI
	if u.Scheme() != "file" {
		return nil
	}
	path := u.FsPath()
	s.configs.forget(filepath.Dir(path))
	if filepath.Base(path) == "robots.txt" {
		// The open pages of its site are judged against it.
		s.sites.forget()
		s.relintAll()
		return nil
	}
	if filepath.Base(path) == lint.ConfigFileName {
		s.relintAll()
		return nil
	}
	s.mu.Lock()
	if f := s.files[u]; f != nil {
		s.settings.generation++ // a new result ID for this file alone
		s.files[u] = f.reconfigured(s.settings)
	}
	s.mu.Unlock()
	s.schedule(u)
	return nil
}

// DidClose stops tracking a file and clears its diagnostics.
func (s *server) DidClose(ctx context.Context, params *protocol.DidCloseTextDocumentParams) error {
	u := params.TextDocument.URI
	s.mu.Lock()
	delete(s.files, u)
	pull := s.pull
	s.mu.Unlock()
	if pull {
		return nil
	}
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	return s.client.PublishDiagnostics(ctx, &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: []protocol.Diagnostic{}})
}

// DidChangeConfiguration takes the settings sent along, or asks for them
// when the client sends none (as most clients do), and lints every open
// file again.
func (s *server) DidChangeConfiguration(ctx context.Context, params *protocol.DidChangeConfigurationParams) error {
	if set, ok, err := settingsFromNotification(params.Settings); ok {
		if err != nil {
			s.log.Printf("didChangeConfiguration: %v", err)
		}
		s.mu.Lock()
		s.asked++
		s.mu.Unlock()
		s.applySettings(set, 0)
		return nil
	}
	go s.fetchSettings(jsonrpc2.DetachContext(ctx))
	return nil
}

// fetchSettings asks the client for the "robotslint" section of its
// settings and applies them. It runs apart from the read loop: the answer
// comes on that loop.
func (s *server) fetchSettings(ctx context.Context) {
	s.mu.Lock()
	ok := s.configCap
	s.asked++
	ask := s.asked
	s.mu.Unlock()
	if !ok {
		return
	}
	section := "robotslint"
	values, err := s.client.Configuration(ctx, &protocol.ConfigurationParams{Items: []protocol.ConfigurationItem{{Section: &section}}})
	if err != nil {
		s.log.Printf("workspace/configuration: %v", err)
		return
	}
	if len(values) == 0 || len(values[0]) == 0 || string(values[0]) == "null" {
		// No section: the settings from initializationOptions, if any,
		// stay. Clients that answer from the same table send both.
		return
	}
	set, err := parseSettings(values[0])
	if err != nil {
		s.log.Printf("workspace/configuration: %v", err)
	}
	s.applySettings(set, ask)
}

// applySettings makes set the settings of every open file and lints them,
// unless they answer request ask (0 for none) and newer settings were
// asked for or received since.
func (s *server) applySettings(set settings, ask uint64) {
	s.mu.Lock()
	stale := ask != 0 && ask != s.asked
	if !stale {
		s.settings.overlay = set.overlay
	}
	s.mu.Unlock()
	if !stale {
		s.relintAll()
	}
}

// relintAll lints every open file again under the settings and the
// configuration files as they are now, and has a client that pulls
// diagnostics pull them again.
func (s *server) relintAll() {
	s.mu.Lock()
	s.settings.generation++
	set := s.settings
	var uris []uri.URI
	for u, f := range s.files {
		s.files[u] = f.reconfigured(set)
		uris = append(uris, u)
	}
	refresh := s.pull && s.refresh
	s.mu.Unlock()
	for _, u := range uris {
		s.schedule(u)
	}
	if refresh {
		go func() {
			if err := s.client.DiagnosticRefresh(context.Background()); err != nil {
				s.log.Printf("workspace/diagnostic/refresh: %v", err)
			}
		}()
	}
}

// lintState is whether a file's linter is running, and whether a newer
// version waits for it.
type lintState struct {
	running, dirty bool
}

// schedule lints the file at u and publishes the result, in the
// background. While one version is being linted, further changes only mark
// the file dirty; the linter then takes the newest version, so a burst of
// edits costs one lint, not one an edit.
func (s *server) schedule(u uri.URI) {
	s.mu.Lock()
	st := s.linting[u]
	if st == nil {
		st = &lintState{}
		s.linting[u] = st
	}
	st.dirty = true
	if st.running {
		s.mu.Unlock()
		return
	}
	st.running = true
	s.mu.Unlock()
	go func() {
		for {
			s.mu.Lock()
			f := s.files[u]
			if f == nil || !st.dirty {
				st.running = false
				delete(s.linting, u)
				s.mu.Unlock()
				return
			}
			st.dirty = false
			s.mu.Unlock()
			s.publish(f)
		}
	}()
}

// publish sends the diagnostics of f, unless a newer version has come or
// the client pulls them; for a pulling client they are ready when it asks.
func (s *server) publish(f *openFile) {
	d := f.document()
	diags := d.protocolDiagnostics()
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	s.mu.Lock()
	current, pull := s.files[f.uri] == f, s.pull
	s.mu.Unlock()
	if !current || pull {
		return
	}
	err := s.client.PublishDiagnostics(context.Background(), &protocol.PublishDiagnosticsParams{
		URI: f.uri, Version: protocol.NewOptional(f.version), Diagnostics: diags,
	})
	if err != nil {
		s.log.Printf("publishDiagnostics: %v", err)
	}
}

// cancelled returns the error for a request the client cancelled
// ($/cancelRequest, which makes ctx done) while it was being answered, or
// nil: the client gets RequestCancelled rather than a stale result.
func cancelled(ctx context.Context) error {
	if ctx.Err() != nil {
		return protocol.ErrRequestCancelled
	}
	return nil
}

// file returns the open file at u, or an error a request can return.
func (s *server) file(u uri.URI) (*openFile, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.files[u]
	if f == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%s is not open", u))
	}
	return f, nil
}

// Diagnostic answers a pull for diagnostics: the file's, or "unchanged"
// when the client has them already.
func (s *server) Diagnostic(ctx context.Context, params *protocol.DocumentDiagnosticParams) (protocol.DocumentDiagnosticReport, error) {
	f, err := s.file(params.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	id := f.resultID()
	if params.PreviousResultID != nil && *params.PreviousResultID == id {
		return &protocol.RelatedUnchangedDocumentDiagnosticReport{
			UnchangedDocumentDiagnosticReport: protocol.UnchangedDocumentDiagnosticReport{Kind: "unchanged", ResultID: id},
		}, nil
	}
	if err := cancelled(ctx); err != nil {
		return nil, err
	}
	return &protocol.RelatedFullDocumentDiagnosticReport{
		FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", ResultID: &id, Items: f.document().protocolDiagnostics()},
	}, nil
}

// openFile is one version of an open file: its text as edits left it, and
// the settings that apply. It is immutable; the parsed document and its
// diagnostics are built once, when first needed.
type openFile struct {
	uri uri.URI
	// languageID is the language the client said the file is in, which
	// tells an HTML page from a robots.txt (see isPage).
	languageID string
	version    int32
	buf        *editBuffer
	settings   settings
	enc        syntax.Encoding
	configs    *configFiles // the configuration files found
	sites      *siteFiles   // the sites' robots.txt files found

	once sync.Once
	doc  *document
}

// reconfigured returns this version of the file under other settings.
func (f *openFile) reconfigured(set settings) *openFile {
	return &openFile{uri: f.uri, languageID: f.languageID, version: f.version, buf: f.buf, settings: set, enc: f.enc, configs: f.configs, sites: f.sites}
}

// document returns the file parsed, with its configuration.
func (f *openFile) document() *document {
	f.once.Do(func() {
		cfg := configFor(f.uri, f.settings, f.configs)
		if isPage(f.uri, f.languageID) {
			f.doc = newPageDocument(f.uri, f.version, f.buf.text, cfg, f.enc, f.sites)
			return
		}
		f.doc = newDocument(f.uri, f.version, f.buf.text, cfg, f.enc)
	})
	return f.doc
}

// resultID names this version's diagnostics for pull requests: a new
// version or new settings give new ones.
func (f *openFile) resultID() string {
	return strconv.Itoa(int(f.version)) + "-" + strconv.FormatUint(uint64(f.settings.generation), 10)
}

// lintDiagnostics lints the document once.
func (d *document) lintDiagnostics() []lint.Diagnostic {
	d.lintOnce.Do(func() {
		if d.page != nil {
			d.diags = d.lintPage()
			return
		}
		d.diags = lint.LintFile(d.file, rules.All(), d.cfg)
	})
	return d.diags
}
