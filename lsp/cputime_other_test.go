//go:build !unix

package lsp

// cpuTime returns -1: the process's CPU time is read only on Unix.
func cpuTime() int64 { return -1 }
