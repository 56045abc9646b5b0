// Package lsp is robotslint's language server, started by `robotslint lsp`.
// It is the only package that imports go.lsp.dev, and the one place where
// the linter's byte ranges become LSP positions.
package lsp
