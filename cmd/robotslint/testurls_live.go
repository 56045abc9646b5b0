package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// A --urls sitemap on the web: "robotslint test --urls URL" fetches the
// sitemap as crawlers do, follows it when it is an index, and tests the
// URLs of the pages it lists. The walk is the lint command's (each
// sitemap read once, the same budgets), with one "rule" that keeps the
// <loc>s instead of judging them.

// fetchURLList returns the page URLs of the sitemap at loc and its
// sitemaps when it is an index, in the order the index lists them, and
// notes on what could not be read: a sitemap of the index that does not
// answer, a nested index, a budget reached. The error is for a sitemap
// that gives no URL to test: one that cannot be fetched, is malformed, or
// lists none.
func fetchURLList(loc string, timeout time.Duration) (urls, notes []string, err error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var c urlCollector
	site := lint.NewSitemapSite(lint.SitemapSiteInput{}, []*lint.Rule{c.rule()}, nil)
	src := newHTTPSitemapSource(fetchOptions{Timeout: timeout}, 0)
	rep := checkSitemaps(ctx, site, nil, []sitemapRoot{{Loc: loc, RobotsLine: -1}}, src, sitemapBudget{}, nil)
	if ctx.Err() != nil {
		return nil, nil, errors.New("interrupted while reading " + loc)
	}
	if len(c.sitemaps) == 0 {
		// The walk's only note says why the sitemap was not read.
		return nil, nil, errors.New(strings.Join(rep.Notes, "; "))
	}
	slices.SortStableFunc(c.sitemaps, func(a, b *collected) int {
		return cmp.Or(cmp.Compare(a.depth, b.depth), cmp.Compare(a.at, b.at))
	})
	for _, s := range c.sitemaps {
		if s.err != nil {
			return nil, nil, s.err
		}
		urls = append(urls, s.urls...)
	}
	for _, f := range rep.Files {
		// The findings are the walk's own: a sitemap of an index that
		// could not be read, at its <loc>.
		for _, d := range f.Diagnostics {
			at := f.Positions[d.Span.Start]
			notes = append(notes, fmt.Sprintf("%s:%d:%d: %s", f.Path, at.Line, at.Column, d.Message))
		}
	}
	notes = append(notes, rep.Notes...)
	if len(urls) == 0 {
		return nil, notes, fmt.Errorf("%s lists no page URL", loc)
	}
	return urls, notes, nil
}

// urlCollector keeps the page URLs of each sitemap a walk reads.
type urlCollector struct {
	mu       sync.Mutex
	sitemaps []*collected
}

// collected is what one sitemap gave: its URLs, or the error that makes
// it unusable, and where it comes in the walk.
type collected struct {
	depth int   // 0 for the sitemap named, 1 for one its index lists
	at    int64 // where the index lists it
	urls  []string
	err   error
}

// rule is the sitemap rule that collects: it reports nothing.
func (c *urlCollector) rule() *lint.Rule {
	return &lint.Rule{
		Name:     "test-urls",
		Severity: lint.Info,
		Scope:    lint.ScopeSitemap,
		RunSitemap: func(pass *lint.SitemapPass) lint.SitemapHooks {
			s := &collected{}
			if l := pass.Sitemap.Listing; l != nil {
				s.depth, s.at = l.Depth, l.IndexPos.Offset
			}
			c.mu.Lock()
			c.sitemaps = append(c.sitemaps, s)
			c.mu.Unlock()
			name := pass.Sitemap.URL
			return lint.SitemapHooks{
				Entry: func(e *lint.SitemapEntry) {
					if !e.Index && e.Loc != "" && s.err == nil {
						s.urls = append(s.urls, e.Loc)
					}
				},
				Problem: func(p *sitemap.Problem) {
					if s.err == nil {
						s.err = unusableSitemap(name, *p)
					}
				},
			}
		},
	}
}
