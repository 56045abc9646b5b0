package format

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzFormat formats any bytes: no panic, the layout is its own layout,
// and every profile's verdicts stay on a handful of URLs from the
// patterns.
func FuzzFormat(f *testing.F) {
	for _, tc := range formatCases {
		f.Add([]byte(tc.in))
	}
	examples, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "examples", "*"))
	for _, path := range examples {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		out := Format(src)
		if again := Format(out); !bytes.Equal(again, out) {
			t.Fatalf("not idempotent:\nonce  %q\ntwice %q", out, again)
		}
		if diff, _ := verdictDiff(src, out, 24); diff != "" {
			t.Fatalf("a verdict changes: %s\nbefore %q\nafter  %q", diff, src, out)
		}
	})
}
