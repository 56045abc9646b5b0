// Package rules holds robotslint's checks, one file per rule and an
// explicit list of them all (All), the documentation generated from their
// metadata, and, in package kb, the knowledge tables (directives,
// crawlers) that the checks, hover and completion share. It imports syntax
// and lint, never os, net or go.lsp.dev.
package rules
