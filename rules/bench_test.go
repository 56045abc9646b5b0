package rules

import (
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/linttest"
)

// BenchmarkLint500K runs every rule on the 500 KiB benchmark file, parse
// included. One op is one file.
func BenchmarkLint500K(b *testing.B) {
	src := linttest.SharedFile(b, "bench/robots-500k.txt")
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		lint.Lint(src, All(), nil)
	}
}

// BenchmarkLintRule500K runs each rule alone on the 500 KiB file, parse
// excluded, to find the slow one.
func BenchmarkLintRule500K(b *testing.B) {
	src := linttest.SharedFile(b, "bench/robots-500k.txt")
	for _, r := range All() {
		b.Run(r.Name, func(b *testing.B) {
			for b.Loop() {
				lint.Lint(src, []*lint.Rule{r}, nil)
			}
		})
	}
}
