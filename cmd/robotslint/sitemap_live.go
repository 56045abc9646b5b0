package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// Checking a live site's sitemaps: with --sitemaps, after a site's
// robots.txt is fetched and linted, the sitemaps its Sitemap: lines list
// are fetched as crawlers fetch them (httpSitemapSource), through their
// indexes, and checked against it. The sites are walked one after the
// other, each with a few fetches at once, so that the progress line
// speaks of one walk and no server gets more than a few requests at a
// time.

// checkLiveSitemaps walks the sitemaps of every site among inputs that
// was fetched, when --sitemaps asks for it: the findings on a robots.txt's
// Sitemap: lines join its report in results, and the sitemaps' reports and
// the walk's notes are returned, to be shown after the robots.txt files.
// Ctrl-C stops the walk: what was checked is reported, and an error says
// the rest was not.
func (r *lintRun) checkLiveSitemaps(inputs []string, results []lintInput, stderr io.Writer) []lintInput {
	if !r.opt.sitemaps || !slices.ContainsFunc(inputs, isURL) {
		return nil
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// After the first Ctrl-C, which stops the walk, a second one ends
	// the command at once, as it would without the walk.
	context.AfterFunc(ctx, stop)
	bar := stderrProgress(stderr, r.opt.diff, os.Getenv)
	defer bar.finish()
	return r.walkLiveSitemaps(ctx, inputs, results, bar)
}

// walkLiveSitemaps is checkLiveSitemaps until ctx ends, showing its
// progress on bar (nil for none).
func (r *lintRun) walkLiveSitemaps(ctx context.Context, inputs []string, results []lintInput, bar *progressBar) (more []lintInput) {
	var before progressCounts // the walks done, which the line adds up
	for i, in := range inputs {
		res := &results[i]
		if !isURL(in) || res.err != nil || res.note != "" || ctx.Err() != nil {
			continue
		}
		roots := sitemapRoots(res.report.File)
		if len(roots) == 0 {
			why := " lists no sitemap (no Sitemap: line with an absolute URL): none checked"
			if slices.ContainsFunc(res.report.Diagnostics, func(d lint.Diagnostic) bool { return d.Rule == rules.FetchStatus.Name }) {
				// A refused connection or a 404 leaves an empty file, which
				// lists nothing because nothing was read.
				why = ": no robots.txt came back (see its fetch-status finding), so no Sitemap: line was read and no sitemap checked"
			}
			more = append(more, lintInput{note: res.report.Path + why})
			continue
		}
		// The sitemaps are judged against the site the robots.txt is
		// served for, where a redirect on the same site leads (http to
		// https, www.), as the robots.txt is linted.
		robotsURL := res.report.Path
		if res.cfg != nil && res.cfg.Site != "" {
			robotsURL = strings.TrimSuffix(res.cfg.Site, "/") + "/robots.txt"
		}
		in := lint.SitemapSiteInput{Robots: res.report.File, RobotsURL: robotsURL, Now: r.now}
		site := lint.NewSitemapSite(in, rules.All(), res.cfg)
		src := newHTTPSitemapSource(fetchOptions{Timeout: r.opt.timeout}, 0)
		if bar != nil {
			src.fetched = func(n int) { bar.update(func(c *progressCounts) { c.bytes += int64(n) }) }
		}
		start := before
		bar.update(func(c *progressCounts) { c.found = start.found + len(roots) })
		progress := func(p sitemapProgress) {
			bar.update(func(c *progressCounts) {
				c.read, c.found, c.urls = start.read+p.Sitemaps, start.found+p.Sitemaps+p.Pending, start.urls+p.URLs
			})
		}
		rep := checkSitemaps(ctx, site, res.cfg, roots, src, sitemapBudget{maxURLs: r.opt.maxURLs}, progress)
		before = progressCounts{read: start.read + rep.Sitemaps, found: start.found + rep.Sitemaps, urls: start.urls + rep.URLs}
		if len(rep.Robots) > 0 {
			res.report.Diagnostics = append(res.report.Diagnostics, rep.Robots...)
			slices.SortStableFunc(res.report.Diagnostics, func(a, b lint.Diagnostic) int { return a.Span.Start - b.Span.Start })
		}
		if !rep.Stopped {
			// A walk that stopped says what it read in its note.
			more = append(more, lintInput{note: fmt.Sprintf("%s: %s checked (%s, %s uncompressed)",
				res.report.Path, prose.Count(rep.Sitemaps, "sitemap", "sitemaps"), prose.Count(int(rep.URLs), "URL", "URLs"), byteSize(rep.Bytes))})
		}
		for _, note := range rep.Notes {
			more = append(more, lintInput{note: note})
		}
		for _, f := range rep.Files {
			more = append(more, lintInput{report: f})
		}
	}
	if ctx.Err() != nil {
		more = append(more, lintInput{err: errors.New("interrupted: the sitemaps were not all checked; the findings shown are those of the sitemaps read")})
	}
	return more
}

// sitemapRoots are the sitemaps robots lists: the absolute URLs of its
// Sitemap: lines, in order, each with its line. A value that is no URL is
// sitemap-url's to report, and is not fetched; one of another scheme than
// http(s) is fetched no more than crawlers fetch it, and is reported
// unreachable.
func sitemapRoots(robots *syntax.File) []sitemapRoot {
	var roots []sitemapRoot
	for i := range robots.Lines {
		line := &robots.Lines[i]
		if line.Directive != syntax.DirectiveSitemap {
			continue
		}
		if loc := string(robots.Text(line.Value())); isURL(loc) {
			roots = append(roots, sitemapRoot{Loc: loc, RobotsLine: i})
		}
	}
	return roots
}
