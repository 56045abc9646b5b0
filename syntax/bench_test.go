package syntax

import (
	"os"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
)

// BenchmarkParse500K parses the 500 KiB benchmark file: 18,617 lines, the
// largest file Google reads whole.
func BenchmarkParse500K(b *testing.B) {
	src, err := os.ReadFile(linttest.Shared(b, "bench/robots-500k.txt"))
	if err != nil {
		b.Fatal(err)
	}
	benchmarkParse(b, [][]byte{src})
}

// BenchmarkParseSmall parses a 3.4 KiB file, the size of a typical one.
func BenchmarkParseSmall(b *testing.B) {
	src, err := os.ReadFile(linttest.Shared(b, "bench/robots-small.txt"))
	if err != nil {
		b.Fatal(err)
	}
	benchmarkParse(b, [][]byte{src})
}

// BenchmarkParseCorpus parses all 540 corpus files (11 MB) per iteration.
func BenchmarkParseCorpus(b *testing.B) {
	var srcs [][]byte
	for _, p := range linttest.CorpusFiles(b) {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	benchmarkParse(b, srcs)
}

func benchmarkParse(b *testing.B, srcs [][]byte) {
	total := 0
	for _, s := range srcs {
		total += len(s)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range srcs {
			Parse(s)
		}
	}
}
