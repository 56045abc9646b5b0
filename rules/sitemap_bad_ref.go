package rules

import (
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// A bad entity or character reference (sitemap.BadEntity: a bare &, an
// undefined &nbsp;, a forbidden &#0;) comes from the reader at its &,
// ahead of the entry it stands in, and the entry then carries its URL as
// written. One inside the entry's URL is that URL's problem, which
// sitemap-invalid-loc reports with the other bad URLs of the sitemap; one
// anywhere else (a <lastmod>, an image:loc, an attribute) is the
// document's, which sitemap-malformed reports. Which it is is known only
// when the entry arrives, so the problems wait for it in a badRefs.

// maxWaitingRefs bounds the problems that wait for their entry. The
// reader reports one per text or tag, so an entry holds more only when it
// has over a thousand texts with a bad reference (image tags, say); the
// rest are taken to stand outside the URL.
const maxWaitingRefs = 1024

// badRefs holds the BadEntity problems read since the last entry.
type badRefs struct {
	waiting []sitemap.Problem
	// over is the first of those past maxWaitingRefs, and overN their
	// number.
	over  sitemap.Problem
	overN int
}

// add keeps the BadEntity problem p until its entry comes.
func (b *badRefs) add(p *sitemap.Problem) {
	if len(b.waiting) < maxWaitingRefs {
		b.waiting = append(b.waiting, *p)
		return
	}
	if b.overN == 0 {
		b.over = *p
	}
	b.overN++
}

// entry hands the waiting problems over now that e has come: the one
// inside e's URL to inLoc, each other to elsewhere (with how many it
// stands for: more than one for those past maxWaitingRefs).
func (b *badRefs) entry(e *lint.SitemapEntry, inLoc func(p *sitemap.Problem), elsewhere func(p *sitemap.Problem, n int)) {
	start, end := e.LocSpan()
	for i := range b.waiting {
		p := &b.waiting[i]
		if p.Pos.Offset >= start.Offset && p.Pos.Offset < end.Offset {
			if inLoc != nil {
				inLoc(p)
			}
		} else if elsewhere != nil {
			elsewhere(p, 1)
		}
	}
	b.flushOver(elsewhere)
	b.waiting = b.waiting[:0]
}

// end hands over the problems no entry followed (in an entry without a
// URL, or after the last entry): each stands outside a URL.
func (b *badRefs) end(elsewhere func(p *sitemap.Problem, n int)) {
	for i := range b.waiting {
		if elsewhere != nil {
			elsewhere(&b.waiting[i], 1)
		}
	}
	b.flushOver(elsewhere)
	b.waiting = b.waiting[:0]
}

func (b *badRefs) flushOver(elsewhere func(p *sitemap.Problem, n int)) {
	if b.overN > 0 && elsewhere != nil {
		elsewhere(&b.over, b.overN)
	}
	b.overN = 0
}

// isBareAmpersand reports whether a BadEntity problem's message is of an & that
// starts no reference at all (the unescaped & of a query string), rather
// than an undefined entity or a forbidden character reference. The
// reader says so only in its message; the rule cases pin it.
func isBareAmpersand(msg string) bool {
	return strings.HasPrefix(msg, "unescaped &")
}
