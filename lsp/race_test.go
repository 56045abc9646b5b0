//go:build race

package lsp

// The race detector slows the linter about tenfold: a 5 MB document takes
// seconds, not a fraction of one.
const waitScale = 10
