package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/robotslint/robotslint/syntax/sitemap"
)

// Sitemap fetch defaults.
const (
	// defaultSitemapFetches is how many sitemaps are fetched at once: a
	// few, as crawlers do, so that a site's server is not hammered by a
	// linter, while a slow sitemap does not hold up the others.
	defaultSitemapFetches = 4
	// maxSitemapFetches caps --fetches: more would be a load test.
	maxSitemapFetches = 32
	// sitemapMaxWireBytes caps the body of one sitemap as served: the
	// sitemaps.org limit of 50 MB uncompressed and 1 MiB more, so that an
	// uncompressed sitemap over the limit is read far enough for the
	// reader to report it (TooLarge), and a gzip body, always smaller than
	// what it holds, is read whole up to that size.
	sitemapMaxWireBytes = sitemap.MaxBytes + 1<<20
)

// errSitemapStalled ends a sitemap body that sent nothing for the timeout.
var errSitemapStalled = errors.New("sitemap body stalled")

// httpSitemapSource fetches sitemaps over HTTP as crawlers do: with
// robotslint's User-Agent, following up to maxFetchRedirects redirects,
// reading only a 200 answer, and never more than maxBytes of a body.
//
// The timeout bounds the answer (status and headers, redirects included)
// and then every pause of the body, not the whole body: a 40 MB sitemap
// on a slow link takes longer than a robots.txt, yet a server that stops
// sending is given up on as soon as one that does not answer.
type httpSitemapSource struct {
	opt      fetchOptions // Timeout, UserAgent and Client, as for robots.txt
	fetches  int          // how many sitemaps are fetched at once
	maxBytes int64        // the cap on one body as served; 0 means sitemapMaxWireBytes
	// fetched, if not nil, is told of every n bytes of a body as they
	// come, for the progress line; it is called concurrently.
	fetched func(n int)
}

// newHTTPSitemapSource returns the source of a run whose robots.txt was
// fetched with opt, fetching fetches sitemaps at once (0 for the default).
func newHTTPSitemapSource(opt fetchOptions, fetches int) *httpSitemapSource {
	if fetches <= 0 {
		fetches = defaultSitemapFetches
	}
	if opt.Client == nil {
		opt.Client = &http.Client{Transport: sitemapTransport()}
	}
	return &httpSitemapSource{opt: opt.withDefaults(), fetches: fetches}
}

// sitemapTransport is fetchTransport's settings with as many idle
// connections per host as sitemaps are fetched at once at most, so that
// the fetches of one site's sitemaps reuse their connections.
var sitemapTransport = sync.OnceValue(func() *http.Transport {
	t := fetchTransport().Clone()
	t.MaxIdleConnsPerHost = maxSitemapFetches
	return t
})

// open fetches the sitemap at loc. The error says in one line what the
// server did instead of answering 200 with a sitemap ("answered 404 Not
// Found", "did not answer within 10s"); a failure after the answer (a body
// that stalls or breaks off) comes from the body's Read, which the sitemap
// reader reports at the place it got to.
func (s *httpSitemapSource) open(ctx context.Context, loc string) (io.ReadCloser, error) {
	u, err := url.Parse(loc)
	switch {
	case err != nil:
		return nil, errors.New("is not a valid URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, errors.New("is not an http or https URL")
	case u.Host == "":
		return nil, errors.New("is a URL without a host")
	}
	opt := s.opt
	r := &fetchResult{URL: loc, FinalURL: loc, Length: -1, timeout: opt.Timeout}
	fctx, cancel := context.WithCancelCause(ctx)
	answer := time.AfterFunc(opt.Timeout, func() { cancel(errFetchTimeout) })
	req, err := http.NewRequestWithContext(fctx, http.MethodGet, loc, nil)
	if err != nil {
		answer.Stop()
		cancel(nil)
		return nil, errors.New("is not a URL that can be fetched")
	}
	req.Header.Set("User-Agent", opt.UserAgent)
	client, rec := r.client(opt)
	resp, err := client.Do(req)
	if !answer.Stop() && err == nil {
		// The timeout struck as the answer came, and has cancelled it.
		resp.Body.Close()
		err = context.Cause(fctx)
	}
	if err != nil {
		r.failed(ctx, fctx, err, rec)
		cancel(nil)
		return nil, errors.New(sitemapFailure(r))
	}
	r.answered(resp)
	if resp.StatusCode/100 == 3 {
		// Net/http follows every redirect it can; this one it cannot.
		r.cause = causeUnfollowable
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		cancel(nil)
		return nil, errors.New(sitemapFailure(r))
	}
	body := &sitemapBody{
		body:    resp.Body,
		ctx:     ctx,
		fctx:    fctx,
		cancel:  cancel,
		timeout: opt.Timeout,
		left:    s.maxBytes,
		fetched: s.fetched,
	}
	if body.left <= 0 {
		body.left = sitemapMaxWireBytes
	}
	body.limit = body.left
	body.stall = time.AfterFunc(time.Hour, func() { cancel(errSitemapStalled) })
	body.stall.Stop()
	buf := bufio.NewReaderSize(readerFunc(body.read), 4096)
	body.r = buf
	if html := htmlStart(buf); html != "" {
		body.Close()
		return nil, fmt.Errorf("answered %s with an HTML page, not a sitemap: it starts %s%s", r.status(), html, redirectedTo(r))
	}
	return body, nil
}

// describe names a sitemap by its URL, which is also its address.
func (s *httpSitemapSource) describe(loc string) (name, url string) { return loc, loc }

// parallel is how many sitemaps are fetched at once.
func (s *httpSitemapSource) parallel() int { return s.fetches }

// sitemapFailure says in one line why r got no sitemap: the status, the
// redirects that led nowhere, the timeout or the network's error.
func sitemapFailure(r *fetchResult) string {
	var s string
	switch r.cause {
	case causeStatus:
		s = "answered " + r.status()
		if r.Status/100 == 2 {
			// A success, but not the one crawlers read a sitemap from.
			s += ", not 200 OK"
		}
		s += redirectedTo(r)
	case causeUnfollowable:
		s = "answered " + r.status() + " with no redirect to follow" + redirectedTo(r)
	case causeTooManyRedirects:
		if loop := redirectLoop(r.Hops); loop != "" {
			s = "redirects in a loop: " + loop
		} else {
			s = fmt.Sprintf("was redirected more than %d times, which crawlers do not follow (last to %s)", maxFetchRedirects, r.Hops[len(r.Hops)-1].Location)
		}
	case causeBadRedirect:
		s = "was redirected to " + r.Hops[len(r.Hops)-1].Location + ", which is not an http or https URL"
	case causeBadLocation:
		s = fmt.Sprintf("answered %s with the unparsable Location %q", r.status(), r.location)
	case causeTimeout:
		s = fmt.Sprintf("did not answer within %s, the --timeout", r.timeout)
	case causeCanceled:
		s = "was not fetched: robotslint was interrupted"
	default:
		s = networkFailure(r)
	}
	return strings.Join(strings.Fields(s), " ")
}

// redirectedTo names where redirects led r, or is "" when none did.
func redirectedTo(r *fetchResult) string {
	switch n := len(r.Hops); {
	case n == 0:
		return ""
	case n == 1:
		return ", after a redirect to " + r.FinalURL
	default:
		return fmt.Sprintf(", after %d redirects, at %s", n, r.FinalURL)
	}
}

// htmlStart returns how the body buf starts when it is an HTML page, such
// as "<!DOCTYPE html>", or "". Only a doctype or an <html> tag counts:
// an XML sitemap may start with a comment, which http.DetectContentType
// would take for HTML.
func htmlStart(buf *bufio.Reader) string {
	head, _ := buf.Peek(512)
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n")
	for _, sig := range []string{"<!doctype html", "<html"} {
		if len(head) > len(sig) && strings.EqualFold(string(head[:len(sig)]), sig) {
			if c := head[len(sig)]; c == '>' || c == ' ' || c == '\t' || c == '\r' || c == '\n' {
				end := bytes.IndexByte(head, '>')
				if end < 0 || end > 60 {
					return "`" + string(head[:len(sig)]) + "`"
				}
				return "`" + string(head[:end+1]) + "`"
			}
		}
	}
	return ""
}

// readerFunc is a function as an io.Reader.
type readerFunc func(p []byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// sitemapBody is the body of a sitemap that answered 200: read through a
// buffer that looked at its start, with a timer that ends the fetch when
// the server sends nothing for the timeout, and a cap on what is read.
type sitemapBody struct {
	r       io.Reader // the buffer over read
	body    io.ReadCloser
	ctx     context.Context // the caller's: an interrupt
	fctx    context.Context // the fetch's: also the stall timer
	cancel  context.CancelCauseFunc
	stall   *time.Timer
	timeout time.Duration
	limit   int64 // the cap on what is read
	left    int64 // how much more may be read
	fetched func(n int)
}

// Read reads from the buffer.
func (b *sitemapBody) Read(p []byte) (int, error) { return b.r.Read(p) }

// read reads the body itself, timing the wait and keeping to the cap.
func (b *sitemapBody) read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, fmt.Errorf("robotslint stops reading a sitemap after %s as served, past the limit of 50 MB uncompressed", sizeText(int(b.limit)))
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	b.stall.Reset(b.timeout)
	n, err := b.body.Read(p)
	b.stall.Stop()
	b.left -= int64(n)
	if b.fetched != nil && n > 0 {
		b.fetched(n)
	}
	if err == nil || err == io.EOF {
		return n, err
	}
	switch {
	case errors.Is(context.Cause(b.fctx), errSitemapStalled):
		err = fmt.Errorf("the server stopped sending the sitemap: nothing came for %s, the --timeout", b.timeout)
	case b.ctx.Err() != nil:
		err = errors.New("robotslint was interrupted")
	default:
		err = fmt.Errorf("the answer broke off (%v)", err)
	}
	return n, err
}

// Close ends the fetch.
func (b *sitemapBody) Close() error {
	b.stall.Stop()
	err := b.body.Close()
	b.cancel(nil)
	return err
}
