package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/robotslint/robotslint/cmd/robotslint/internal/output"
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// The sitemap walk: from the sitemaps a robots.txt lists (or the files the
// user names), through the indexes among them, each sitemap is read once
// and checked with the site's sitemap rules (lint.SitemapSite), several at
// a time. Where the sitemaps come from is a sitemapSource: local files of
// a built site, or a live site over HTTP.
//
// Search engines read one level of index: a sitemap index lists sitemaps,
// and an index listed in an index is an error they do not follow (Google:
// "sitemap index files can't be nested"). The walk reads such a nested
// index, for the rules to report it, but not the sitemaps it lists, so
// that the walk's depth is bounded whatever the files say, and says how
// many it left unread.

// sitemapRoot is a sitemap the walk starts from.
type sitemapRoot struct {
	// Loc is the sitemap's URL, as a Sitemap: line gives it, or the local
	// path of a sitemap the user named.
	Loc string
	// RobotsLine is the index in the site's robots.txt lines of the
	// Sitemap: line that lists it, or -1 for a sitemap the user named.
	RobotsLine int
	// Found says that a directory walk found the sitemap: it is read
	// after every sitemap the others lead to, and only if none of them
	// did, so that a sitemap an index lists is read as listed there.
	Found bool
}

// sitemapSource opens sitemaps by their URL or local path.
type sitemapSource interface {
	// open returns the body of the sitemap at loc, as served (gzip or
	// not), or an error that says in one line why it cannot be read
	// ("404 Not Found", "no such file"). An error that is an
	// *offSiteError means the source does not read such sitemaps (a
	// local source, a sitemap on another host): the walk notes it rather
	// than reporting the sitemap unreachable.
	open(ctx context.Context, loc string) (io.ReadCloser, error)
	// describe returns how output names the sitemap at loc (its local
	// path, or its URL) and its absolute URL, "" when it is not known (a
	// local file of a site whose origin nobody configured).
	describe(loc string) (name, url string)
	// parallel is how many sitemaps the walk reads at a time.
	parallel() int
}

// offSiteError is the error of a sitemap a source does not read.
type offSiteError struct{ reason string }

func (e *offSiteError) Error() string { return e.reason }

// sitemapBudget bounds a walk; a field at 0 takes its default. The walk
// checks it before starting each sitemap, so a run goes beyond it by at
// most the sitemaps being read when it is reached; it then stops and
// says so (never silently).
type sitemapBudget struct {
	maxURLs     int64 // page URLs read, all sitemaps together
	maxBytes    int64 // uncompressed bytes read, all sitemaps together
	maxSitemaps int   // sitemaps read, indexes included
}

// The budget's defaults: big enough for the largest sites Google lets
// submit (500 indexes of 50,000 sitemaps), bounded so that a run against
// a site that generates sitemaps without end still ends.
const (
	defaultMaxSitemapURLs  = 10_000_000
	defaultMaxSitemapBytes = 10 << 30 // 10 GiB
	defaultMaxSitemaps     = 50_000
)

// withDefaults returns b with its zero fields set to the defaults.
func (b sitemapBudget) withDefaults() sitemapBudget {
	if b.maxURLs <= 0 {
		b.maxURLs = defaultMaxSitemapURLs
	}
	if b.maxBytes <= 0 {
		b.maxBytes = defaultMaxSitemapBytes
	}
	if b.maxSitemaps <= 0 {
		b.maxSitemaps = defaultMaxSitemaps
	}
	return b
}

// sitemapProgress is how far a walk has got, for a progress display.
type sitemapProgress struct {
	Sitemaps int    // sitemaps read so far
	Pending  int    // sitemaps known and not yet read
	URLs     int64  // page URLs read so far (an index's entries are not)
	Bytes    int64  // uncompressed bytes read so far
	Done     string // the name of the sitemap just read
}

// sitemapReport is what a walk found.
type sitemapReport struct {
	// Files are the sitemaps read, with their findings or none, in the
	// order the walk met them (roots in order, then the sitemaps each
	// index lists), so that a report says what was checked.
	Files []output.File
	// Robots are the findings on the robots.txt's Sitemap: lines
	// (sitemap-unreachable), in the order of the lines.
	Robots []lint.Diagnostic
	// Notes say what the walk did not check and why, one line each.
	Notes []string
	// Sitemaps, URLs and Bytes are what was read; URLs are those of
	// pages, not the sitemaps indexes list.
	Sitemaps int
	URLs     int64
	Bytes    int64
	// Stopped says the walk left sitemaps unread, for a budget or an
	// interrupt; a note says which.
	Stopped bool
}

// sitemapJob is one sitemap to read.
type sitemapJob struct {
	loc     string
	listing *lint.SitemapListing // nil for one the user named
	depth   int                  // 0 for a root
	index   string               // the name of the index that lists it; "" for a root
	pos     lint.SitemapChild    // where that index lists it
	// ordinal is the sitemap's place in the walk's order, given as it is
	// met (enqueue): roots in order, then each index's sitemaps in order,
	// level by level. It is fixed before the sitemap is read, so that
	// rules that judge a sitemap by those before it (a URL two sitemaps
	// share is a duplicate in the later) say the same every run.
	ordinal int
}

// sitemapDone is one sitemap's outcome.
type sitemapDone struct {
	file     *output.File     // its findings, or nil when it was not read
	children []sitemapJob     // for an index the walk follows
	unread   int              // sitemaps a nested index lists, not followed
	finding  *lint.Diagnostic // sitemap-unreachable, on the Sitemap: line or at the index's <loc>
	note     string
	skipped  bool // not read: the budget was spent, or the run stopped
}

// checkSitemaps reads the sitemaps of roots from src and the sitemaps
// their indexes list, each once, and checks each with site. cfg is the
// configuration the robots.txt is linted with, which says how severe the
// findings on its Sitemap: lines are. progress, if not nil, is called
// after each sitemap, one call at a time.
func checkSitemaps(ctx context.Context, site *lint.SitemapSite, cfg *lint.Config, roots []sitemapRoot, src sitemapSource, budget sitemapBudget, progress func(sitemapProgress)) sitemapReport {
	w := &sitemapWalk{site: site, cfg: cfg, src: src, budget: budget.withDefaults(), progress: progress, seen: map[string]bool{}}
	var level, found []sitemapJob
	for _, r := range roots {
		job := sitemapJob{loc: r.Loc}
		if r.RobotsLine >= 0 {
			job.listing = &lint.SitemapListing{RobotsLine: r.RobotsLine}
		}
		if r.Found {
			found = append(found, job)
		} else {
			level = w.enqueue(level, job)
		}
	}
	var rep sitemapReport
	var files []*output.File
	byName := map[string]*output.File{}
	byOrdinal := map[int]*output.File{}
	var unread, skipped int
	for len(level) > 0 || len(found) > 0 {
		if len(level) == 0 {
			for _, job := range found {
				level = w.enqueue(level, job)
			}
			found = nil
			continue
		}
		w.pending.Add(int64(len(level)))
		done := w.readAll(ctx, level)
		var next []sitemapJob
		for i, d := range done {
			if d.file != nil {
				files = append(files, d.file)
				byName[d.file.Path] = d.file
				byOrdinal[level[i].ordinal] = d.file
			}
			switch job := level[i]; {
			case d.finding != nil && job.index == "":
				rep.Robots = append(rep.Robots, *d.finding)
			case d.finding != nil:
				// The index was read in the level before: its file
				// is known by name, made when its children were.
				if f := byName[job.index]; f != nil {
					f.Diagnostics = append(f.Diagnostics, *d.finding)
					f.Positions[d.finding.Span.Start] = syntax.Position{Line: job.pos.Pos.Line, Column: job.pos.Pos.Col}
					f.Positions[d.finding.Span.End] = syntax.Position{Line: job.pos.End.Line, Column: job.pos.End.Col}
				}
			}
			if d.note != "" {
				rep.Notes = append(rep.Notes, d.note)
			}
			if d.skipped {
				skipped++
			}
			unread += d.unread
			for _, child := range d.children {
				next = w.enqueue(next, child)
			}
		}
		level = next
	}
	// What the rules could say only once every sitemap is read goes to
	// the sitemap it is about (a sitemap not read, for a stop, has none).
	for _, f := range w.site.Finish() {
		file := byOrdinal[f.Ordinal]
		if file == nil {
			if f.Ordinal < 0 {
				rep.Notes = append(rep.Notes, f.Diagnostic.Message)
			}
			continue
		}
		file.Diagnostics = append(file.Diagnostics, f.Diagnostic)
		maps.Copy(file.Positions, f.Positions)
	}
	for _, f := range files {
		slices.SortStableFunc(f.Diagnostics, func(a, b lint.Diagnostic) int { return a.Span.Start - b.Span.Start })
		rep.Files = append(rep.Files, *f)
	}
	slices.SortStableFunc(rep.Robots, func(a, b lint.Diagnostic) int { return a.Span.Start - b.Span.Start })
	rep.Sitemaps, rep.URLs, rep.Bytes = int(w.sitemaps.Load()), w.urls.Load(), w.bytes.Load()
	if unread > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("%s listed in nested sitemap indexes %s not read: search engines do not follow an index listed in an index",
			prose.Count(unread, "sitemap", "sitemaps"), prose.Choose(unread, "was", "were")))
	}
	if skipped > 0 {
		rep.Notes = append(rep.Notes, w.stopNote(ctx, skipped))
		rep.Stopped = true
	}
	return rep
}

// sitemapWalk is the state of one walk.
type sitemapWalk struct {
	site     *lint.SitemapSite
	cfg      *lint.Config
	src      sitemapSource
	budget   sitemapBudget
	progress func(sitemapProgress)

	seen map[string]bool // the sitemaps met, by sitemapKey; only the walk's own goroutine uses it
	met  int             // how many: the next sitemap's ordinal

	sitemaps, urls, bytes, pending atomic.Int64
	mu                             sync.Mutex // serialises progress calls
}

// enqueue adds job to level unless its sitemap was met before: an index
// that lists itself, or two that list each other, are read once.
func (w *sitemapWalk) enqueue(level []sitemapJob, job sitemapJob) []sitemapJob {
	name, _ := w.src.describe(job.loc)
	key := sitemapKey(name)
	if w.seen[key] {
		return level
	}
	w.seen[key] = true
	job.ordinal = w.met
	w.met++
	return append(level, job)
}

// sitemapKey is what two spellings of one sitemap share: for a URL, its
// scheme and host in lower case, without the default port or a fragment;
// for a local path, the absolute clean path.
func sitemapKey(name string) string {
	if !isURL(name) {
		return inputKey(name)
	}
	u, err := url.Parse(name)
	if err != nil {
		return name
	}
	u.Scheme, u.Host, u.Fragment, u.RawFragment = strings.ToLower(u.Scheme), strings.ToLower(u.Host), "", ""
	if p := u.Port(); p != "" && p == defaultPort(u.Scheme) {
		u.Host = u.Hostname()
	}
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String()
}

// readAll reads the jobs of one level, src.parallel() at a time, and
// returns their outcomes in order.
func (w *sitemapWalk) readAll(ctx context.Context, jobs []sitemapJob) []sitemapDone {
	done := make([]sitemapDone, len(jobs))
	work := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(w.src.parallel(), len(jobs))) {
		wg.Go(func() {
			for i := range work {
				done[i] = w.read(ctx, jobs[i])
				w.pending.Add(-1)
			}
		})
	}
	for i := range jobs {
		work <- i
	}
	close(work)
	wg.Wait()
	return done
}

// overBudget reports whether the walk must stop before another sitemap.
func (w *sitemapWalk) overBudget(ctx context.Context) bool {
	return ctx.Err() != nil || w.sitemaps.Load() >= int64(w.budget.maxSitemaps) ||
		w.urls.Load() >= w.budget.maxURLs || w.bytes.Load() >= w.budget.maxBytes
}

// stopNote says why the walk stopped with skipped sitemaps unread.
func (w *sitemapWalk) stopNote(ctx context.Context, skipped int) string {
	var why string
	switch {
	case ctx.Err() != nil:
		why = fmt.Sprintf("the run was stopped (%v)", context.Cause(ctx))
	case w.sitemaps.Load() >= int64(w.budget.maxSitemaps):
		why = fmt.Sprintf("the budget of %s was reached", prose.Count(w.budget.maxSitemaps, "sitemap", "sitemaps"))
	case w.urls.Load() >= w.budget.maxURLs:
		why = fmt.Sprintf("the budget of %s was reached", prose.Count(int(w.budget.maxURLs), "URL", "URLs"))
	default:
		why = fmt.Sprintf("the budget of %s uncompressed was reached", byteSize(w.budget.maxBytes))
	}
	n := int(w.sitemaps.Load())
	return fmt.Sprintf("sitemaps: stopped after %s (%s URLs, %s): %s, and %s more %s not read",
		prose.Count(n, "sitemap", "sitemaps"), prose.Int(int(w.urls.Load())), byteSize(w.bytes.Load()), why,
		prose.Int(skipped), prose.Choose(skipped, "sitemap was", "sitemaps were"))
}

// byteSize writes a size for people: "1.5 GiB", "12 MiB", "900 bytes".
func byteSize(n int64) string {
	const unit = 1024
	if n < unit*unit {
		if n < unit {
			return prose.Count(int(n), "byte", "bytes")
		}
		return fmt.Sprintf("%.0f KiB", float64(n)/unit)
	}
	v, suffix := float64(n)/(unit*unit), "MiB"
	if v >= unit {
		v, suffix = v/unit, "GiB"
	}
	if v < 10 {
		return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") + " " + suffix
	}
	return fmt.Sprintf("%.0f %s", v, suffix)
}

// read reads and checks one sitemap.
func (w *sitemapWalk) read(ctx context.Context, job sitemapJob) (d sitemapDone) {
	name, loc := w.src.describe(job.loc)
	defer func() {
		// A bug in one sitemap's handling must not take the walk down.
		if v := recover(); v != nil {
			d = sitemapDone{note: fmt.Sprintf("internal error on %s: %v (please report it)", name, v)}
		}
	}()
	if w.overBudget(ctx) {
		return sitemapDone{skipped: true}
	}
	body, err := w.src.open(ctx, job.loc)
	if err != nil && ctx.Err() != nil {
		// Stopped (Ctrl-C), not unreachable: the sitemap is one the run
		// did not read.
		return sitemapDone{skipped: true}
	}
	if err != nil {
		return w.unreachable(job, name, err)
	}
	defer body.Close()
	content := bufio.NewReaderSize(body, 4096)
	if kind := binaryKind(content); kind != "" {
		return sitemapDone{note: fmt.Sprintf("%s: not checked: it holds %s data, not a sitemap", name, kind)}
	}
	res := w.site.Lint(&lint.SitemapInput{URL: loc, Body: content, Listing: job.listing, Ordinal: job.ordinal})
	if ctx.Err() != nil {
		// Its findings would be those of the part read before the stop.
		return sitemapDone{skipped: true}
	}
	n := w.sitemaps.Add(1)
	pages := int64(res.Entries)
	if res.Kind == sitemap.Index {
		pages = 0 // an index's entries are sitemaps, counted as they are read
	}
	urls, bytes := w.urls.Add(pages), w.bytes.Add(res.Bytes)
	following := len(res.Children) > 0 && job.depth == 0
	positions := res.Positions
	if positions == nil {
		positions = map[int]syntax.Position{}
	}
	d.file = &output.File{Path: name, File: emptyFile, Diagnostics: res.Diagnostics, Positions: positions}
	if robots := w.site.Input().Robots; robots != nil {
		d.file.Robots, d.file.RobotsPath = robots, w.robotsPath()
	}
	switch {
	case following:
		index := loc
		if index == "" {
			index = name
		}
		robotsLine := -1
		if job.listing != nil {
			robotsLine = job.listing.RobotsLine
		}
		for _, c := range res.Children {
			d.children = append(d.children, sitemapJob{
				loc:     w.childLoc(job.loc, c.Loc),
				listing: &lint.SitemapListing{RobotsLine: robotsLine, Index: index, IndexPos: c.Pos, Depth: job.depth + 1},
				depth:   job.depth + 1,
				index:   name,
				pos:     c,
			})
		}
	case len(res.Children) > 0:
		d.unread = len(res.Children)
	}
	if w.progress != nil {
		w.mu.Lock()
		w.progress(sitemapProgress{Sitemaps: int(n), Pending: max(0, int(w.pending.Load())-1), URLs: urls, Bytes: bytes, Done: name})
		w.mu.Unlock()
	}
	return d
}

// binaryKind returns the media type of a body that is neither a sitemap
// nor text (an image, a PDF, a zip archive saved or served as a
// sitemap), which the sitemap reader would take for lines of a text
// sitemap; "" for XML, gzip, text or bytes of no known kind, which the
// reader judges.
func binaryKind(body *bufio.Reader) string {
	head, _ := body.Peek(512)
	if len(head) == 0 || bytes.HasPrefix(head, []byte{0x1f, 0x8b}) {
		return ""
	}
	media, _, _ := strings.Cut(http.DetectContentType(head), ";")
	switch {
	case strings.HasPrefix(media, "text/"), media == "application/octet-stream", strings.HasSuffix(media, "xml"):
		return ""
	}
	return media
}

// childLoc is the loc to open for a sitemap an index at parent lists as
// loc: loc itself, which sitemaps.org requires to be absolute; a relative
// one is resolved against the index's URL, as a crawler would try it (a
// rule reports it).
func (w *sitemapWalk) childLoc(parent, loc string) string {
	if isURL(loc) || !isURL(parent) {
		return loc
	}
	base, err := url.Parse(parent)
	if err != nil {
		return loc
	}
	ref, err := url.Parse(loc)
	if err != nil {
		return loc
	}
	return base.ResolveReference(ref).String()
}

// robotsPath is how output names the site's robots.txt: the source names
// it as it names sitemaps.
func (w *sitemapWalk) robotsPath() string {
	if u := w.site.Input().RobotsURL; u != "" {
		name, _ := w.src.describe(u)
		return name
	}
	if p, ok := w.src.(interface{ robotsPath() string }); ok {
		return p.robotsPath()
	}
	return robotsFileName
}

// unreachable is the outcome of a sitemap that cannot be opened:
// sitemap-unreachable on the Sitemap: line that lists it, or at the <loc>
// of the index that does; a note for one the source does not read, for
// one the user named, and while the rules have no sitemap-unreachable.
func (w *sitemapWalk) unreachable(job sitemapJob, name string, err error) sitemapDone {
	var off *offSiteError
	if errors.As(err, &off) {
		return sitemapDone{note: fmt.Sprintf("%s: not checked: %s", name, off.reason)}
	}
	rule := rules.Lookup("sitemap-unreachable")
	robots := w.site.Input().Robots
	var span syntax.Span
	switch {
	case rule == nil || job.listing == nil:
		return sitemapDone{note: fmt.Sprintf("cannot read %s: %v", name, oneLine(err.Error()))}
	case job.index != "":
		span = syntax.Span{Start: int(job.pos.Pos.Offset), End: int(max(job.pos.End.Offset, job.pos.Pos.Offset))}
	case robots != nil && job.listing.RobotsLine >= 0 && job.listing.RobotsLine < len(robots.Lines):
		span = robots.Lines[job.listing.RobotsLine].Value()
	default:
		return sitemapDone{note: fmt.Sprintf("cannot read %s: %v", name, oneLine(err.Error()))}
	}
	sev := w.cfg.Severity(rule, 0)
	if sev == lint.Off {
		return sitemapDone{}
	}
	msg := fmt.Sprintf("the sitemap %s cannot be read (%s): crawlers that fetch it find none of the URLs it would list", job.loc, err)
	return sitemapDone{finding: &lint.Diagnostic{Rule: rule.Name, Severity: sev, Span: span, Message: oneLine(msg)}}
}

// oneLine joins the lines and runs of spaces of s, which may come from
// the network or the file system, into one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
