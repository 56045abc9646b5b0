//go:build !race

package lsp

// waitScale multiplies how long tests wait for the server before they give
// up: a guard against a hang, not a speed target.
const waitScale = 1
