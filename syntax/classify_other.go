//go:build !amd64

package syntax

// classify sets the bitmaps of window; only amd64 has a vectorised version.
func classify(bm *bitmaps, window []byte) { classifyGeneric(bm, window) }
