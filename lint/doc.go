// Package lint is robotslint's engine: what a rule is, the per-file Pass a
// rule runs in, diagnostics with byte ranges and fixes, suppression
// comments, configuration and the fix applier. Like package syntax it takes
// bytes and returns values: it imports neither os, net nor go.lsp.dev, so
// the command, the language server and a WebAssembly build share it.
//
// Dependencies point one way: syntax <- lint <- rules <- cmd, lsp.
package lint
