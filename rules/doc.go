// Package rules holds robotslint's checks, one file per rule and an
// explicit list of them all (All), the documentation generated from their
// metadata, and, in package kb, the knowledge tables (directives,
// crawlers) that the checks, hover and completion share; package explain
// says in words what a line means to the crawlers, for hover and other
// readers. It imports syntax and lint, never os, net or go.lsp.dev.
package rules
