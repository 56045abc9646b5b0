package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

// The tests in this file run the built robotslint as a child process and
// speak the LSP base protocol to it byte by byte, the way an editor does:
// they cover what the in-process tests over net.Pipe cannot, namely the
// framing on real stdin and stdout, that nothing but framed messages ever
// reaches stdout, the exit status and how fast the process exits.

// exitLatency bounds the time from writing exit to the process being
// reaped. The server returns from Serve as soon as exit arrives (see
// Serve), so this is the cost of a process exit, a few milliseconds.
const exitLatency = 100 * time.Millisecond

func TestMain(m *testing.M) { robotslinttest.Main(m) }

// wireMessage is one JSON-RPC message as it came over the wire. Fields are
// kept raw so that a test can tell an absent member from a null one
// ("result": null is the answer to shutdown).
type wireMessage map[string]json.RawMessage

func (m wireMessage) has(key string) bool { _, ok := m[key]; return ok }

func (m wireMessage) method() string {
	var s string
	json.Unmarshal(m["method"], &s)
	return s
}

// isResponse reports whether m answers the request with the given id.
func (m wireMessage) isResponse(id int) bool {
	return !m.has("method") && string(m["id"]) == strconv.Itoa(id)
}

// errorCode is the code of m's error, or 0 when it has none.
func (m wireMessage) errorCode() int {
	var e struct{ Code int }
	if json.Unmarshal(m["error"], &e) != nil {
		return 0
	}
	return e.Code
}

func (m wireMessage) String() string {
	b, _ := json.Marshal(map[string]json.RawMessage(m))
	return string(b)
}

// lockedBuffer collects the server's stderr while it runs.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// lspProcess is "robotslint lsp --stdio" running as a child process.
// Its standard streams are plain os pipes, so that cmd.Wait does nothing
// but reap the process: the exit latency measured is the server's.
type lspProcess struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  *os.File
	stderr lockedBuffer

	writeMu sync.Mutex
	nextID  int

	msgs     chan wireMessage // every message the server sent, in order
	readDone chan error       // the stdout reader's end: nil on a clean EOF
	backlog  []wireMessage    // messages read while waiting for others

	stderrDone chan struct{} // closed when stderr has been read to its end
	exited     chan struct{} // closed when the process has been reaped
	exitedAt   time.Time
	waitErr    error
}

// startLSP starts the server with its stdin held open until the test ends.
func startLSP(t *testing.T) *lspProcess {
	t.Helper()
	bin := robotslinttest.Binary(t)
	p := &lspProcess{t: t, nextID: 1, msgs: make(chan wireMessage, 256), readDone: make(chan error, 1), stderrDone: make(chan struct{}), exited: make(chan struct{})}
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd = exec.Command(bin, "lsp", "--stdio")
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = inR, outW, errW
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	inR.Close()
	outW.Close()
	errW.Close()
	p.stdin = inW
	go func() {
		io.Copy(&p.stderr, errR)
		errR.Close()
		close(p.stderrDone)
	}()
	go p.readStdout(outR)
	go func() {
		err := p.cmd.Wait()
		p.exitedAt = time.Now()
		p.waitErr = err
		close(p.exited)
	}()
	t.Cleanup(func() {
		p.stdin.Close()
		select {
		case <-p.exited:
		case <-time.After(5 * time.Second):
			p.cmd.Process.Kill()
			<-p.exited
			t.Error("the server did not exit within 5 s of its stdin closing")
		}
		// Everything on stdout must have been framed messages, up to a
		// clean end between two frames.
		select {
		case err := <-p.readDone:
			if err != nil {
				t.Errorf("stdout: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Error("stdout did not end after the server exited")
		}
		if t.Failed() {
			select {
			case <-p.stderrDone:
			case <-time.After(time.Second):
			}
			t.Logf("server stderr:\n%s", p.stderr.String())
		}
	})
	return p
}

// readStdout parses everything the server writes as LSP frames, strictly:
// header lines of the form "Name: value" ending in CRLF, a Content-Length,
// a blank line, and a body that is one JSON-RPC 2.0 object. Anything else
// on stdout is an error. Requests from the server are answered here, so
// that the server never waits on the test.
func (p *lspProcess) readStdout(r io.ReadCloser) {
	defer r.Close()
	defer close(p.msgs)
	in := bufio.NewReader(r)
	for n := 0; ; n++ {
		length := -1
		for first := true; ; first = false {
			line, err := in.ReadString('\n')
			if err == io.EOF && first && line == "" {
				p.readDone <- nil
				return
			}
			if err != nil {
				p.readDone <- fmt.Errorf("message %d: header ends early (%q): %v", n, line, err)
				return
			}
			if !strings.HasSuffix(line, "\r\n") {
				p.readDone <- fmt.Errorf("message %d: header line %q does not end in CRLF", n, line)
				return
			}
			line = strings.TrimSuffix(line, "\r\n")
			if line == "" {
				break
			}
			name, value, ok := strings.Cut(line, ": ")
			if !ok {
				p.readDone <- fmt.Errorf("message %d: %q on stdout is not a header line", n, line)
				return
			}
			switch strings.ToLower(name) {
			case "content-length":
				l, err := strconv.Atoi(value)
				if err != nil || l <= 0 {
					p.readDone <- fmt.Errorf("message %d: bad Content-Length %q", n, value)
					return
				}
				length = l
			case "content-type":
			default:
				p.readDone <- fmt.Errorf("message %d: unknown header %q", n, line)
				return
			}
		}
		if length < 0 {
			p.readDone <- fmt.Errorf("message %d: no Content-Length", n)
			return
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(in, body); err != nil {
			p.readDone <- fmt.Errorf("message %d: body shorter than its Content-Length %d: %v", n, length, err)
			return
		}
		var m wireMessage
		if err := json.Unmarshal(body, &m); err != nil {
			p.readDone <- fmt.Errorf("message %d: body %q is not a JSON object: %v", n, body, err)
			return
		}
		if string(m["jsonrpc"]) != `"2.0"` {
			p.readDone <- fmt.Errorf("message %d: %s lacks \"jsonrpc\": \"2.0\"", n, body)
			return
		}
		if m.has("method") && m.has("id") {
			p.answer(m)
		}
		p.msgs <- m
	}
}

// answer answers a request from the server: workspace/configuration with
// no settings, anything else (such as client/registerCapability) with null.
func (p *lspProcess) answer(m wireMessage) {
	result := json.RawMessage("null")
	if m.method() == "workspace/configuration" {
		var params struct{ Items []json.RawMessage }
		json.Unmarshal(m["params"], &params)
		result = json.RawMessage("[" + strings.TrimSuffix(strings.Repeat("null,", len(params.Items)), ",") + "]")
	}
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m["id"], "result": result})
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	p.stdin.Write(frame(string(b))) // off the test's goroutine: an error shows as a missing answer
}

// writeRaw writes bytes to the server's stdin as they are.
func (p *lspProcess) writeRaw(b []byte) {
	p.t.Helper()
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	if _, err := p.stdin.Write(b); err != nil {
		p.t.Fatalf("writing to the server: %v", err)
	}
}

// frame is body with the LSP header.
func frame(body string) []byte {
	return []byte("Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)
}

// send frames msg as JSON and writes it.
func (p *lspProcess) send(msg any) {
	p.t.Helper()
	b, err := json.Marshal(msg)
	if err != nil {
		p.t.Fatal(err)
	}
	p.writeRaw(frame(string(b)))
}

// notify sends a notification; params nil leaves them out.
func (p *lspProcess) notify(method string, params any) {
	p.t.Helper()
	msg := map[string]any{"jsonrpc": "2.0", "method": method}
	if params != nil {
		msg["params"] = params
	}
	p.send(msg)
}

// request sends a request and returns its id; params nil leaves them out.
func (p *lspProcess) request(method string, params any) int {
	p.t.Helper()
	p.writeMu.Lock()
	id := p.nextID
	p.nextID++
	p.writeMu.Unlock()
	msg := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	p.send(msg)
	return id
}

// call sends a request and waits for its response.
func (p *lspProcess) call(method string, params any) wireMessage {
	p.t.Helper()
	id := p.request(method, params)
	return p.await(method+" response", func(m wireMessage) bool { return m.isResponse(id) })
}

// await returns the first message, in the order sent, that match accepts;
// the others are kept for later waits.
func (p *lspProcess) await(what string, match func(wireMessage) bool) wireMessage {
	p.t.Helper()
	for i, m := range p.backlog {
		if match(m) {
			p.backlog = append(p.backlog[:i:i], p.backlog[i+1:]...)
			return m
		}
	}
	timeout := patience(p.t)
	for {
		select {
		case m, ok := <-p.msgs:
			if !ok {
				p.t.Fatalf("waiting for %s: the server's stdout ended", what)
			}
			if match(m) {
				return m
			}
			p.backlog = append(p.backlog, m)
		case <-timeout:
			p.t.Fatalf("no %s within 10 s", what)
		}
	}
}

// initialize runs the handshake, offering UTF-8 positions, and returns
// the result.
func (p *lspProcess) initialize() map[string]json.RawMessage {
	p.t.Helper()
	m := p.call("initialize", map[string]any{
		"processId": nil,
		"rootUri":   nil,
		"capabilities": map[string]any{
			"general":      map[string]any{"positionEncodings": []string{"utf-8", "utf-16"}},
			"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"markdown", "plaintext"}}},
		},
	})
	if m.has("error") {
		p.t.Fatalf("initialize: %s", m)
	}
	var res map[string]json.RawMessage
	if err := json.Unmarshal(m["result"], &res); err != nil {
		p.t.Fatalf("initialize result: %v: %s", err, m)
	}
	p.notify("initialized", map[string]any{})
	return res
}

// exit sends exit and returns the exit status and the time from the
// write to the process being reaped.
func (p *lspProcess) exit() (status int, latency time.Duration) {
	p.t.Helper()
	p.notify("exit", nil)
	sent := time.Now()
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
		p.t.Fatal("the process did not exit within 5 s of exit")
	}
	var ee *exec.ExitError
	if p.waitErr != nil && !errors.As(p.waitErr, &ee) {
		p.t.Fatalf("wait: %v", p.waitErr)
	}
	return p.cmd.ProcessState.ExitCode(), p.exitedAt.Sub(sent)
}

// alive checks that the session still answers requests.
func (p *lspProcess) alive(after string) {
	p.t.Helper()
	m := p.call("robotslint/unknownRequest", map[string]any{})
	if m.errorCode() != -32601 {
		p.t.Fatalf("after %s, a request got %s, want a MethodNotFound error", after, m)
	}
}

func TestBinarySession(t *testing.T) {
	p := startLSP(t)

	// A request before initialize.
	if m := p.call("textDocument/hover", map[string]any{
		"textDocument": map[string]any{"uri": "file:///nonexistent/robots.txt"},
		"position":     map[string]any{"line": 0, "character": 0},
	}); m.errorCode() != -32002 {
		t.Errorf("a request before initialize: %s, want error -32002 (ServerNotInitialized)", m)
	}

	res := p.initialize()
	var info struct{ Name, Version string }
	json.Unmarshal(res["serverInfo"], &info)
	if info.Name != "robotslint" {
		t.Errorf("serverInfo %s, want name robotslint", res["serverInfo"])
	}
	var caps struct {
		PositionEncoding string
		HoverProvider    json.RawMessage
	}
	json.Unmarshal(res["capabilities"], &caps)
	if caps.PositionEncoding != "utf-8" {
		t.Errorf("positionEncoding %q, want utf-8 (offered first)", caps.PositionEncoding)
	}
	hover := len(caps.HoverProvider) > 0 && string(caps.HoverProvider) != "false" && string(caps.HoverProvider) != "null"

	// Unknown methods, with params and without (both are valid JSON-RPC).
	if m := p.call("robotslint/unknownRequest", map[string]any{}); m.errorCode() != -32601 {
		t.Errorf("an unknown request: %s, want error -32601 (MethodNotFound)", m)
	}
	if m := p.call("robotslint/unknownRequest", nil); m.errorCode() != -32601 {
		t.Errorf("an unknown request without params: %s, want error -32601 (MethodNotFound)", m)
	}

	// Notifications that the server cannot use must not end the session.
	p.notify("$/unknown", map[string]any{"x": 1})
	p.notify("$/unknown", nil)
	p.notify("$/cancelRequest", map[string]any{"id": map[string]any{}})
	p.notify("$/cancelRequest", nil)
	p.notify("$/cancelRequest", map[string]any{"id": 12345})
	p.notify("$/cancelRequest", map[string]any{"id": "no-such-request"})
	p.alive("unknown and malformed notifications")

	// Diagnostics are pushed on open.
	const docURI = "file:///nonexistent/dir/robots.txt"
	p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": docURI, "languageId": "robots-txt", "version": 1, "text": "User-agent: *\nDisalow: /x\n",
	}})
	m := p.await("diagnostics for the opened file", func(m wireMessage) bool {
		return m.method() == "textDocument/publishDiagnostics"
	})
	var diags struct {
		URI         string
		Version     *int
		Diagnostics []struct {
			Code  string
			Range struct{ Start, End struct{ Line, Character int } }
		}
	}
	if err := json.Unmarshal(m["params"], &diags); err != nil {
		t.Fatalf("publishDiagnostics: %v: %s", err, m)
	}
	if diags.URI != docURI || diags.Version == nil || *diags.Version != 1 {
		t.Errorf("publishDiagnostics for %s version %v, want %s version 1", diags.URI, diags.Version, docURI)
	}
	found := false
	for _, d := range diags.Diagnostics {
		if d.Code == "misspelled-directive" {
			found = true
			if d.Range.Start.Line != 1 || d.Range.Start.Character != 0 || d.Range.End.Character != 7 {
				t.Errorf("misspelled-directive at %+v, want line 1, characters 0-7", d.Range)
			}
		}
	}
	if !found {
		t.Errorf("no misspelled-directive diagnostic in %s", m)
	}

	if hover {
		m := p.call("textDocument/hover", map[string]any{
			"textDocument": map[string]any{"uri": docURI},
			"position":     map[string]any{"line": 0, "character": 2},
		})
		if m.has("error") || string(m["result"]) == "null" {
			t.Errorf("hover on User-agent: %s, want a hover", m)
		}
	} else {
		t.Log("the server does not advertise hoverProvider: hover not tested")
	}

	// shutdown answers null, and requests after it are refused.
	m = p.call("shutdown", nil)
	if m.has("error") || string(m["result"]) != "null" {
		t.Errorf("shutdown: %s, want result null", m)
	}
	if m := p.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": docURI},
		"range":        map[string]any{"start": map[string]any{"line": 1, "character": 0}, "end": map[string]any{"line": 1, "character": 0}},
		"context":      map[string]any{"diagnostics": []any{}},
	}); m.errorCode() != -32600 {
		t.Errorf("a request after shutdown: %s, want error -32600 (InvalidRequest)", m)
	}

	// exit ends the process at once, stdin still open.
	status, latency := p.exit()
	if status != 0 {
		t.Errorf("exit after shutdown: status %d, want 0", status)
	}
	t.Logf("exit latency %v", latency)
	if latency > exitLatency {
		t.Errorf("the process exited %v after exit, want within %v", latency, exitLatency)
	}
}

func TestBinaryExitWithoutShutdown(t *testing.T) {
	t.Run("exit", func(t *testing.T) {
		p := startLSP(t)
		p.initialize()
		status, latency := p.exit()
		if status != 1 {
			t.Errorf("exit without shutdown: status %d, want 1", status)
		}
		t.Logf("exit latency %v", latency)
		if latency > exitLatency {
			t.Errorf("the process exited %v after exit, want within %v", latency, exitLatency)
		}
	})
	t.Run("eof", func(t *testing.T) {
		p := startLSP(t)
		p.initialize()
		p.stdin.Close()
		select {
		case <-p.exited:
		case <-time.After(5 * time.Second):
			t.Fatal("the process did not exit within 5 s of stdin closing")
		}
		if status := p.cmd.ProcessState.ExitCode(); status != 1 {
			t.Errorf("stdin closed without exit: status %d, want 1", status)
		}
	})
}

// TestBinaryMalformedFrames sends what a broken or confused client might,
// each followed by a request that must still be answered. jsonrpc2
// v1.0.1's header framer reads the header line by line: a line without a
// colon is ErrInvalidHeader after that line alone is consumed, so a reader
// that goes on reading finds the next frame; a frame whose body is not
// JSON-RPC has been consumed whole by its Content-Length.
func TestBinaryMalformedFrames(t *testing.T) {
	valid := `{"jsonrpc":"2.0","method":"$/unknown","params":{}}`
	cases := []struct {
		name string
		raw  string
	}{
		{"bad JSON body", string(frame(`{"jsonrpc":"2.0","id":99,"method":`))},
		{"body not an object", string(frame(`"hello"`))},
		{"wrong jsonrpc version", string(frame(`{"jsonrpc":"1.0","id":99,"method":"shutdown"}`))},
		{"empty batch", string(frame(`[]`))},
		{"garbage header line", "this is not a header\r\n" + string(frame(valid))},
		{"garbage header line before Content-Length", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nnonsense\r\n" + string(frame(valid))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := startLSP(t)
			p.initialize()
			p.writeRaw([]byte(c.raw))
			p.alive(c.name)
			p.call("shutdown", nil)
			if status, _ := p.exit(); status != 0 {
				t.Errorf("exit after shutdown: status %d, want 0", status)
			}
		})
	}
}

// TestBinaryCancel cancels a hover that takes a while (a Disallow pattern
// under thousands of Allow rules, each checked for overriding it): the
// answer is RequestCancelled, and the session goes on. A hover that
// finishes before the cancellation arrives is answered as usual, so the
// test tries a few times.
func TestBinaryCancel(t *testing.T) {
	p := startLSP(t)
	p.initialize()
	p.notify("initialized", map[string]any{})
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /a\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "Allow: /a/%d\n", i)
	}
	uri := "untitled:big"
	p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "robots-txt", "version": 1, "text": b.String()}})
	hoverParams := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 1, "character": 11}}
	for attempt := range 5 {
		id := p.request("textDocument/hover", hoverParams)
		p.notify("$/cancelRequest", map[string]any{"id": id})
		m := p.await("hover response", func(m wireMessage) bool { return m.isResponse(id) })
		if m.errorCode() == -32800 {
			p.alive("a cancelled request")
			return
		}
		if m.has("error") {
			t.Fatalf("attempt %d: %s", attempt, m)
		}
	}
	t.Skip("every hover finished before its cancellation arrived; this machine is too fast to show it")
}
