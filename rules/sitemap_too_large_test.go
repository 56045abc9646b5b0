package rules

import (
	"io"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// endless is a sitemap that never ends: a URL set's start tag, then
// spaces forever, as a gzip bomb expands.
type endless struct{ head string }

func (e *endless) Read(p []byte) (int, error) {
	n := copy(p, e.head)
	e.head = e.head[n:]
	for i := n; i < len(p); i++ {
		p[i] = ' '
	}
	return len(p), nil
}

// TestSitemapReadStops shows that a sitemap without end is read up to
// sitemap.MaxRead and reported as too large, never read forever.
func TestSitemapReadStops(t *testing.T) {
	site := lint.NewSitemapSite(lint.SitemapSiteInput{}, All(), nil)
	res := site.Lint(&lint.SitemapInput{Body: io.Reader(&endless{head: `<urlset xmlns="` + sitemap.Namespace + `">`})})
	if !res.Stopped || res.Bytes <= sitemap.MaxRead || res.Bytes > sitemap.MaxRead+1<<20 {
		t.Fatalf("stopped %v after %d bytes", res.Stopped, res.Bytes)
	}
	var found bool
	for _, d := range res.Diagnostics {
		if d.Rule == SitemapTooLarge.Name && strings.Contains(d.Message, "robotslint stopped reading there") {
			found = true
		}
	}
	if !found {
		t.Errorf("no too-large finding that says reading stopped: %+v", res.Diagnostics)
	}
}
