module github.com/robotslint/robotslint

go 1.26.0

// The VS Code extension's npm dependencies include .go files (flatted
// ships one); they are not part of this module.
ignore ./editors/vscode/node_modules

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/agext/levenshtein v1.2.3
	github.com/jimsmart/grobotstxt v1.0.3
	golang.org/x/net v0.62.0
	golang.org/x/term v0.47.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260623181947-01eb4420fa68 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

// The language server's stack, pinned at v1.0.1 by name: the module proxy's
// version list still shows only v0.12.0, so "go get ...@latest" would pick
// the 2022 release, which lacks LSP 3.17 and serialises every request
// (see ../shared/docs/lsp.md). Move all three together.
require (
	go.lsp.dev/jsonrpc2 v1.0.1
	go.lsp.dev/protocol v1.0.1
	go.lsp.dev/uri v1.0.1
)
