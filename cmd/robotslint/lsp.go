package main

import (
	"context"
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
	for _, a := range args {
		switch a {
		case "--stdio", "-stdio":
		case "-h", "-help", "--help":
			fmt.Fprint(stdout, lspUsage)
			return exitClean
		default:
			return badUsage(stderr, "lsp", fmt.Sprintf("unknown argument %q", a))
		}
	}
	return lsp.Serve(context.Background(), stdio{stdin, stdout}, lsp.Options{Version: versionString(), Log: stderr})
}
