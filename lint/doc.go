// Package lint is robotslint's engine: what a rule is, the per-file Pass a
// rule runs in, diagnostics with byte ranges and fixes, suppression
// comments, configuration and the fix applier. Like package syntax it takes
// bytes and returns values: it imports neither os, net nor go.lsp.dev, so
// the command, the language server and a WebAssembly build share it.
//
// Two kinds of input are linted. LintFile runs the robots.txt rules on a
// robots.txt file. LintPage runs the page rules (Scope ScopePage) on an
// HTML page as syntax/page reads it, with the X-Robots-Tag header values
// it was served with, its URL path and the site's robots.txt: its
// diagnostics are ranges in the page, or, with Diagnostic.Header set, in
// one of the header values, which are not in the page. Each entry point
// runs only its own kind of rule, so one rule list serves both.
//
// Dependencies point one way: syntax <- lint <- rules <- cmd, lsp.
package lint
