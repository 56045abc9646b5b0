package match

import (
	"sync"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// TestCheckConcurrent asks one Robots about several crawlers from several
// goroutines at once, each switching crawler on every query, as the LSP and
// the sitemap checks do: the rulesets built on first use and the cache of
// the last crawler asked about must give every goroutine the answers a
// lone caller gets (run it with -race).
func TestCheckConcurrent(t *testing.T) {
	f := syntax.Parse([]byte("User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /g/\n\nUser-agent: Bingbot\nAllow: /private/open\nDisallow: /b/\n"))
	agents := []string{"Googlebot", "Bingbot", "OtherBot", "googlebot-news"}
	paths := []string{"/", "/private/x", "/private/open", "/g/1", "/b/2"}
	want := map[[2]string]bool{}
	lone := Compile(f, Google)
	for _, a := range agents {
		for _, p := range paths {
			want[[2]string{a, p}] = lone.Check(a, p).Allowed
		}
	}
	shared := Compile(f, Google)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for q := range 2000 {
				a, p := agents[(q+w)%len(agents)], paths[(q/len(agents)+w)%len(paths)]
				if got := shared.Check(a, p).Allowed; got != want[[2]string{a, p}] {
					t.Errorf("%s %s: allowed %v, want %v", a, p, got, want[[2]string{a, p}])
					return
				}
			}
		})
	}
	wg.Wait()
}
