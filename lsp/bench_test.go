package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

func benchFile(b *testing.B, name string) []byte {
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "bench", name))
	if err != nil {
		b.Skipf("../shared is absent: %v", err)
	}
	return data
}

// BenchmarkFullChange500K sends the 500 KiB benchmark file as a full-text
// change and waits until its diagnostics have been published: applying the
// change, parsing, every rule, conversion to LSP and the JSON written to
// the pipe. The client end only reads the version of what arrives (a
// decoding client would time its own decoder). One op is one change;
// cpu-ns/op is the CPU time the process spends on it, server and client
// end together.
func BenchmarkFullChange500K(b *testing.B) {
	text := benchFile(b, "robots-500k.txt")
	// Two texts that differ, so that each change is a real one.
	texts := []string{string(text), string(text) + "# edited\n"}
	serverEnd, clientEnd := net.Pipe()
	defer serverEnd.Close()
	defer clientEnd.Close()
	go Serve(context.Background(), serverEnd, Options{})
	published := make(chan int32, 16)
	conn := jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(clientEnd), jsonrpc2.WithCodec(codec{}))
	conn.Go(context.Background(), func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			published <- publishedVersion(req.Params())
		}
		return nil, nil
	})
	server := protocol.ServerDispatcher(conn)
	ctx := context.Background()
	if _, err := server.Initialize(ctx, &protocol.InitializeParams{}); err != nil {
		b.Fatal(err)
	}
	wait := func(version int32) {
		for v := range published {
			if v == version {
				return
			}
		}
	}
	server.DidOpen(ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: testURI, Version: 1, Text: texts[0]}})
	wait(1)
	version := int32(1)
	cpu := cpuTime()
	for i := 0; b.Loop(); i++ {
		version++
		err := server.DidChange(ctx, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: testURI}, Version: version},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: texts[i%2]}},
		})
		if err != nil {
			b.Fatal(err)
		}
		wait(version)
	}
	if cpu >= 0 {
		b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	}
}

// publishedVersion reads the version of a publishDiagnostics notification
// from its first bytes, where the server writes it.
func publishedVersion(params []byte) int32 {
	var head struct {
		Version int32 `json:"version"`
	}
	if i := bytes.Index(params, []byte(`"diagnostics"`)); i > 0 {
		params = append(append([]byte(nil), params[:i]...), []byte(`"x":0}`)...)
	}
	json.Unmarshal(params, &head)
	return head.Version
}

// BenchmarkMemoryPerDocument opens the 500 KiB file and reports the heap
// it keeps, linted and with its diagnostics converted, as a multiple of
// the file's size ("x-size"). One op is one file opened and closed.
func BenchmarkMemoryPerDocument(b *testing.B) {
	text := benchFile(b, "robots-500k.txt")
	var held float64
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f := &openFile{uri: testURI, version: 1, buf: newEditBuffer(text), enc: 0, configs: newConfigFiles(nil)}
		f.document().protocolDiagnostics()
		runtime.GC()
		runtime.ReadMemStats(&after)
		held = float64(after.HeapAlloc) - float64(before.HeapAlloc)
		runtime.KeepAlive(f)
	}
	b.ReportMetric(held/float64(len(text)), "x-size")
	b.ReportMetric(held/(1<<20), "MiB-held")
}

// BenchmarkHover500K hovers over the 500 KiB benchmark file: the
// User-agent values * and Googlebot, a Disallow pattern with the rules
// that override it, and a directive name. One op is the four hovers, each
// with its own reading of the file as a fresh request would have;
// cpu-ns/op is the CPU time they take.
func BenchmarkHover500K(b *testing.B) {
	text := benchFile(b, "robots-500k.txt")
	d := newDocument(testURI, 1, text, nil, 0)
	var offs []int
	for _, word := range []string{"User-agent: *", "User-agent: Googlebot", "Disallow: /de-de/jewelry-190/", "Crawl-delay"} {
		k := bytes.Index(text, []byte(word))
		if k < 0 {
			b.Fatalf("%q is not in the benchmark file", word)
		}
		offs = append(offs, k+len(word)-1)
	}
	cpu := cpuTime()
	for b.Loop() {
		for _, off := range offs {
			if hover(d, off, true) == nil {
				b.Fatal("no hover")
			}
		}
	}
	if cpu >= 0 {
		b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkCodeActions500K asks for the code actions at the top of the
// 500 KiB benchmark file, as editors do at every move of the cursor, with
// the document unchanged: the quick fixes there and fix-all, whose up to
// 100 rounds of linting are done once per version. One op is one request.
func BenchmarkCodeActions500K(b *testing.B) {
	text := benchFile(b, "robots-500k.txt")
	s := startSession(b, "")
	s.open(testURI, string(text))
	params := &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}
	ctx := context.Background()
	for b.Loop() {
		if _, err := s.server.CodeAction(ctx, params); err != nil {
			b.Fatal(err)
		}
	}
}
