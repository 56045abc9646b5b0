package syntax

import (
	"os"
	"reflect"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
)

// TestParseWithoutAVX2 checks that the portable classifier gives the same
// trees on amd64 machines without AVX2.
func TestParseWithoutAVX2(t *testing.T) {
	files := linttest.CorpusFiles(t)
	defer func(saved bool) { hasAVX2 = saved }(hasAVX2)
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		hasAVX2 = true
		want := Parse(src)
		hasAVX2 = false
		if got := Parse(src); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the portable classifier gives another tree", path)
		}
	}
}
