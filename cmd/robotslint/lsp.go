package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/robotslint/robotslint/lsp"
)

const lspUsage = `usage: robotslint lsp [--stdio]

Runs the language server: LSP over standard input and output, for any
editor with an LSP client. It reports diagnostics as you type, explains
directives, crawlers and patterns on hover, offers the fixes as quick fixes,
completes directives and crawler names, and formats the file. --stdio, which
some clients add, is accepted and changes nothing. The log goes to standard
error.

Settings (workspace/configuration, section "robotslint") are laid over the
.robotslint.toml found from each file's directory:
  {"profiles": ["google", "bing"], "rules": {"crawl-delay": "off"}}

Example (Neovim 0.8 or later):
  vim.lsp.start({ name = "robotslint", cmd = { "robotslint", "lsp" } })
`

// stdio joins the command's standard input and output into the stream
// the server speaks on.
type stdio struct {
	io.Reader
	io.Writer
}

// Close does nothing: the process's streams close when it exits.
func (stdio) Close() error { return nil }

// runLSP is "robotslint lsp".
func runLSP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("robotslint lsp", flag.ContinueOnError)
	flags.Bool("stdio", false, "") // some clients add it; standard I/O is all the server speaks
	args, status, done := parseCommand("lsp", flags, args, lspUsage, stdout, stderr)
	switch {
	case done:
		return status
	case len(args) > 0:
		return badUsage(stderr, "lsp", fmt.Sprintf("unexpected argument %q", args[0]))
	}
	return lsp.Serve(context.Background(), stdio{stdin, stdout}, lsp.Options{Version: versionString(), Log: stderr})
}
