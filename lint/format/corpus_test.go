package format

import (
	"bytes"
	"cmp"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
)

// corpusMaxURLs caps the URLs asked of each corpus file, sampled evenly
// from those its patterns give, so that files of thousands of rules keep
// the test within seconds.
const corpusMaxURLs = 400

// TestCorpusVerdicts is the proof that formatting changes no verdict on
// real files: for every corpus file, every profile gives every crawler the
// file names (and one it does not) the same answer on URLs derived from
// the file's patterns before and after Format; and Format is idempotent.
func TestCorpusVerdicts(t *testing.T) {
	if runtime.GOARCH == "wasm" {
		// Compiling every profile of the corpus's 3.7 MB file outgrows
		// WebAssembly's 4 GB; the native run proves the same thing.
		t.Skip("the corpus proof runs natively, not under WebAssembly")
	}
	paths := linttest.CorpusFiles(t)
	type result struct {
		path          string
		changed       bool
		queries       int
		diff, idempot string
	}
	results := make([]result, len(paths))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				r := &results[i]
				r.path = paths[i]
				src, err := os.ReadFile(paths[i])
				if err != nil {
					r.diff = err.Error()
					continue
				}
				out := Format(src)
				r.changed = !bytes.Equal(src, out)
				if !bytes.Equal(Format(out), out) {
					r.idempot = "formatting again changes the file"
				}
				if r.changed {
					r.diff, r.queries = verdictDiff(src, out, corpusMaxURLs)
				}
			}
		})
	}
	// The largest files first, so that no worker is left with one at
	// the end while the others idle.
	order := make([]int, len(paths))
	size := make([]int64, len(paths))
	for i, path := range paths {
		order[i] = i
		if info, err := os.Stat(path); err == nil {
			size[i] = info.Size()
		}
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(size[b], size[a]) })
	for _, i := range order {
		next <- i
	}
	close(next)
	wg.Wait()

	changed, queries := 0, 0
	for _, r := range results {
		name := filepath.Base(r.path)
		if r.diff != "" {
			t.Errorf("%s: %s", name, r.diff)
		}
		if r.idempot != "" {
			t.Errorf("%s: %s", name, r.idempot)
		}
		if r.changed {
			changed++
		}
		queries += r.queries
	}
	t.Logf("%d files, %d changed by Format, %d verdicts compared (per file and profile at most %d URLs)", len(paths), changed, queries, corpusMaxURLs)
	// A Format that returned its input would pass the loop above: the
	// corpus has files of every layout, and most are not canonical.
	if changed < len(paths)/2 {
		t.Errorf("only %d of %d files changed", changed, len(paths))
	}
}
