package lint_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
)

// BenchmarkCompare500K compares the 500 KiB benchmark file with a copy in
// which 10 rules, spread over the file, lose their last byte (the
// `Disallow: /p/` to `Disallow: /p` edit), on the 10,000 benchmark URLs
// and the probes of both files, under the four default profiles. The
// whole diff command must take under a second, parsing and output
// included, so this should take well under that. URLs/s counts the given
// URLs and the probes; cpu-ns/op is the figure to read on a busy machine.
func BenchmarkCompare500K(b *testing.B) {
	src := linttest.SharedFile(b, "bench/robots-500k.txt")
	urls := strings.Fields(string(linttest.SharedFile(b, "bench/urls-10k.txt")))
	edited := editRules(b, src, 10)
	var c *lint.Comparison
	cpu, _ := linttest.CPUTime()
	for b.Loop() {
		c = lint.CompareFiles(syntax.Parse(src), syntax.Parse(edited), lint.CompareOptions{URLs: urls})
	}
	linttest.ReportCPU(b, cpu)
	if len(c.Changes) == 0 {
		b.Fatal("ten edited rules change no verdict")
	}
	n := c.Compared.Given + c.Compared.Probes
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
	b.ReportMetric(float64(c.Compared.Probes), "probes")
	b.ReportMetric(float64(len(c.Changes)), "changes")
}

// editRules drops the last byte of the value of n rules spread evenly over
// src.
func editRules(tb testing.TB, src []byte, n int) []byte {
	rule := regexp.MustCompile(`(?m)^((?:Allow|Disallow): /\S+)\S`)
	found := rule.FindAllSubmatchIndex(src, -1)
	if len(found) < n {
		tb.Fatalf("%d rules, want %d", len(found), n)
	}
	var out bytes.Buffer
	at := 0
	for k := range n {
		m := found[(2*k+1)*len(found)/(2*n)]
		out.Write(src[at:m[3]])
		at = m[1]
	}
	out.Write(src[at:])
	return out.Bytes()
}
