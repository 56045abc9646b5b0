package rules

import (
	"os"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

func TestZZTiming(t *testing.T) {
	src, err := os.ReadFile("../../shared/bench/robots-500k.txt")
	if err != nil {
		t.Skip()
	}
	f := syntax.Parse(src)
	for range 20 {
		lint.LintFile(f, All(), nil)
	}
}
