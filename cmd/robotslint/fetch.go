package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// version is robotslint's version as the User-Agent gives it. Release
// builds set it with -ldflags "-X main.version=v1.2.3"; otherwise the
// module version that "go install" records is used, if there is one.
var version = "devel"

// Fetch defaults.
const (
	// defaultFetchTimeout bounds the whole fetch, redirects and body
	// included, so that a silent or trickling server cannot hang the
	// command.
	defaultFetchTimeout = 10 * time.Second
	// defaultFetchMaxBytes is 500 KiB: RFC 9309 §2.5 lets crawlers stop
	// parsing there, and Google does.
	defaultFetchMaxBytes = syntax.SizeLimit
	// maxFetchTimeout caps --timeout: crawlers give up on a robots.txt
	// long before, and a typo such as 10h should not hang a CI job.
	maxFetchTimeout = 5 * time.Minute
	// maxFetchRedirects is the RFC 9309 §2.3.1.2 minimum ("SHOULD follow
	// at least five consecutive redirects") and what Google follows.
	maxFetchRedirects = 5
	// pageMaxBytes caps a page fetched by "test --page": Google's
	// Googlebot page says Googlebot reads the first 2 MB of an HTML file
	// (since February 2026; 15 MB before), and the robots META tags
	// that matter are in <head>, near the start.
	pageMaxBytes = 2 << 20
)

// restOfLine returns the end of a line that runs past the fetch cap: read,
// what is already read past the cap, and what follows in body up to the
// next line break. It stops at Google's line length, which no crawler
// reads past, and at an error, which leaves the line as far as it came.
func restOfLine(read []byte, body io.Reader) []byte {
	line := slices.Clone(read)
	var chunk [4096]byte
	for {
		if i := bytes.IndexAny(line, "\r\n"); i >= 0 {
			return line[:i]
		}
		if len(line) >= syntax.GoogleMaxLineBytes {
			return line[:syntax.GoogleMaxLineBytes]
		}
		n, err := body.Read(chunk[:])
		line = append(line, chunk[:n]...)
		if err != nil && n == 0 {
			return line
		}
	}
}

// fetchOutcome is what a crawler makes of a robots.txt fetch.
type fetchOutcome int

const (
	// fetchFetched: a 2xx answer; crawlers obey the body (RFC 9309
	// §2.3.1.1).
	fetchFetched fetchOutcome = iota
	// fetchUnavailable: a 4xx other than 429, or a redirect chain that
	// leads nowhere; crawlers may fetch everything (RFC 9309 §2.3.1.3).
	fetchUnavailable
	// fetchUnreachable: a 5xx, a 429, or no answer at all; crawlers must
	// assume everything is disallowed (RFC 9309 §2.3.1.4).
	fetchUnreachable
)

// String returns "fetched", "unavailable" or "unreachable".
func (o fetchOutcome) String() string {
	switch o {
	case fetchFetched:
		return "fetched"
	case fetchUnavailable:
		return "unavailable"
	case fetchUnreachable:
		return "unreachable"
	}
	return "fetchOutcome(" + strconv.Itoa(int(o)) + ")"
}

// MarshalText makes the outcome a JSON string.
func (o fetchOutcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// fetchHop is one redirect on the way to robots.txt.
type fetchHop struct {
	URL      string // the URL that answered with the redirect
	Status   int    // its status code, such as 301
	Location string // where it redirected to, resolved against URL
	// RobotsTags are the values of the redirect's X-Robots-Tag header
	// lines, in order: a page fetch shows them, though crawlers apply the
	// rules of the response they end at (see pageFetch).
	RobotsTags []string
}

// fetchCause is which case of the fetch decided the outcome; Explain words
// each one.
type fetchCause int

const (
	causeStatus           fetchCause = iota // the final status code decides
	causeUnfollowable                       // a 3xx with nothing to follow
	causeTooManyRedirects                   // more than maxFetchRedirects
	causeBadRedirect                        // a redirect to a non-http(s) URL
	causeBadLocation                        // a redirect with an unparsable Location
	causeTimeout                            // no answer within the timeout
	causeBodyTimeout                        // an answer, but not the whole body in time
	causeBodyError                          // an answer whose body broke off
	causeCanceled                           // the caller's context ended the fetch
	causeNetwork                            // connection, DNS or TLS failure
)

// fetchResult is the outcome of fetching a site's robots.txt.
type fetchResult struct {
	URL         string        // the robots.txt URL asked for
	FinalURL    string        // the last URL requested, after redirects
	Hops        []fetchHop    // the redirects answered, in order
	Status      int           // the final status code; 0 if none came
	StatusText  string        // its text, such as "Not Found"
	ContentType string        // the final Content-Type header, as sent
	RobotsTags  []string      // the final response's X-Robots-Tag header lines, each value as sent, in order
	Body        []byte        // the body: at most MaxBytes and the rest of the line across them; only when Outcome is fetchFetched
	Truncated   bool          // the body was longer than MaxBytes
	Length      int64         // the final body's length as Content-Length declares it; -1 when no answer declared one
	Outcome     fetchOutcome  // what crawlers make of it
	Elapsed     time.Duration // from the first request to the end of the body
	Err         error         // why the fetch failed, when no status code says it

	cause    fetchCause
	location string        // the unparsable Location, for causeBadLocation
	timeout  time.Duration // the timeout in force, for the sentence
	maxBytes int           // the cap in force, for the sentence
}

// fetchOptions tunes fetchRobots; the zero value gives the defaults.
type fetchOptions struct {
	Timeout   time.Duration // for the whole fetch; 0 means defaultFetchTimeout
	MaxBytes  int           // body cap; 0 means defaultFetchMaxBytes
	UserAgent string        // "" means fetchUserAgent()
	// Client is copied, not changed: fetchRobots installs its own
	// redirect policy on the copy. nil means a client with a transport
	// shared by all fetches.
	Client *http.Client
	// page says that the body is a web page rather than robots.txt: its
	// default cap is pageMaxBytes, and a body cut there is cut, not
	// completed to the end of its line as a robots.txt line is.
	page bool
}

var (
	errTooManyRedirects = fmt.Errorf("more than %d redirects", maxFetchRedirects)
	errBadRedirect      = errors.New("redirect to a URL that is not http or https")
	errFetchTimeout     = errors.New("robots.txt fetch timed out")
)

// timeoutFlag is --timeout, checked as it is parsed so that a bad value
// stops the command before any work: a duration with a unit, positive and
// at most maxFetchTimeout.
type timeoutFlag time.Duration

func (t *timeoutFlag) String() string { return time.Duration(*t).String() }

// Set reads a duration, suggesting the unit a bare number lacks.
func (t *timeoutFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		n, nerr := strconv.ParseFloat(s, 64)
		switch {
		case nerr == nil && n > 0:
			return fmt.Errorf("a duration needs a unit: did you mean %ss?", s)
		case nerr == nil:
			return errors.New("want a positive duration, such as 10s")
		}
		return errors.New("want a duration such as 10s, 500ms or 1m")
	}
	if d <= 0 {
		return errors.New("want a positive duration, such as 10s")
	}
	if d > maxFetchTimeout {
		return fmt.Errorf("want at most %gm: crawlers give up on robots.txt long before", maxFetchTimeout.Minutes())
	}
	*t = timeoutFlag(d)
	return nil
}

// isURL reports whether a command-line argument is meant as a URL rather
// than a file: it starts with a scheme and "://" (http://, but also ftp://
// or file://, which robotsURL then refuses by name rather than the reader
// as a missing file), or with "http:" or "https:", in any case. A scheme
// has at least two letters, so that a Windows drive is a path.
func isURL(arg string) bool {
	scheme, rest, ok := strings.Cut(arg, ":")
	if !ok || len(scheme) < 2 || !isScheme(scheme) {
		return false
	}
	return strings.HasPrefix(rest, "//") || strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")
}

// isScheme reports whether s is a URL scheme as RFC 3986 §3.1 spells one.
func isScheme(s string) bool {
	for i, c := range s {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return s != ""
}

// robotsURL returns the robots.txt URL governing target: the same scheme,
// host and port, path /robots.txt (RFC 9309 §2.3: the file is at the top
// level of the service). User information is dropped: crawlers have none,
// and it would otherwise be printed in every sentence.
func robotsURL(target string) (string, error) {
	u, err := url.Parse(target)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "", fmt.Errorf("invalid URL %q: %v", target, err)
	}
	switch u.Scheme {
	case "http", "https":
	case "file":
		return "", fmt.Errorf("cannot fetch %q: unsupported scheme file; robotslint fetches http and https URLs, and reads a file given by its path (%s)", target, u.Path)
	case "":
		return "", fmt.Errorf("cannot fetch %q: it is not an http or https URL", target)
	default:
		return "", fmt.Errorf("cannot fetch %q: unsupported scheme %s; robotslint fetches http and https URLs", target, u.Scheme)
	}
	if u.Host == "" || u.Hostname() == "" {
		msg := fmt.Sprintf("cannot fetch robots.txt for %q: the URL has no host", target)
		// "http:/example.com" and "http:example.com" lack slashes.
		if rest := strings.TrimLeft(target[len(u.Scheme)+1:], "/"); rest != "" && !strings.HasPrefix(rest, ":") {
			msg += fmt.Sprintf(" (did you mean %s://%s?)", u.Scheme, rest)
		}
		return "", errors.New(msg)
	}
	r := url.URL{Scheme: u.Scheme, Host: strings.ToLower(u.Host), Path: "/robots.txt"}
	return r.String(), nil
}

// fetchUserAgent is the User-Agent robotslint identifies itself with.
func fetchUserAgent() string {
	return "robotslint/" + moduleVersion() + " (+https://github.com/robotslint/robotslint)"
}

// fetchTransport is shared by fetches without their own Client, so that
// "lint URL" over several sites reuses connections. The per-phase timeouts
// are only backstops: the context's timeout bounds the whole fetch.
var fetchTransport = sync.OnceValue(func() *http.Transport {
	return &http.Transport{
		Proxy: http.ProxyFromEnvironment,
		DialContext: (&net.Dialer{
			Timeout:   30 * time.Second,
			KeepAlive: 30 * time.Second,
		}).DialContext,
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
		IdleConnTimeout:       90 * time.Second,
		MaxIdleConns:          10,
		// Headers are not capped by MaxBytes; keep them small too.
		MaxResponseHeaderBytes: 64 << 10,
	}
})

// fetchRobots fetches the robots.txt of target's origin as a crawler does
// (RFC 9309 §2.3). target is any http(s) URL on the site. The error is for
// a target that cannot be fetched at all, a usage error; everything the
// network or server does is a result with an Outcome.
func fetchRobots(ctx context.Context, target string, opt fetchOptions) (*fetchResult, error) {
	robots, err := robotsURL(target)
	if err != nil {
		return nil, err
	}
	return fetchURL(ctx, robots, "robots.txt for "+strconv.Quote(target), opt)
}

// fetchURL fetches url with opt's limits, following redirects as fetchRobots
// does; what names the fetch in the error of a request that cannot be made.
func fetchURL(ctx context.Context, url, what string, opt fetchOptions) (*fetchResult, error) {
	opt = opt.withDefaults()
	r := &fetchResult{URL: url, FinalURL: url, Length: -1, timeout: opt.Timeout, maxBytes: opt.MaxBytes}
	start := time.Now()
	defer func() { r.Elapsed = time.Since(start) }()

	fctx, cancel := context.WithTimeoutCause(ctx, opt.Timeout, errFetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(fctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("cannot fetch %s: %v", what, err)
	}
	req.Header.Set("User-Agent", opt.UserAgent)
	client, rec := r.client(opt)
	resp, err := client.Do(req)
	if err != nil {
		r.failed(ctx, fctx, err, rec)
		return r, nil
	}
	defer resp.Body.Close()
	r.answered(resp)
	r.classify(ctx, fctx, resp, opt)
	return r, nil
}

// withDefaults fills in the options left zero.
func (opt fetchOptions) withDefaults() fetchOptions {
	if opt.Timeout <= 0 {
		opt.Timeout = defaultFetchTimeout
	}
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = defaultFetchMaxBytes
		if opt.page {
			opt.MaxBytes = pageMaxBytes
		}
	}
	if opt.UserAgent == "" {
		opt.UserAgent = fetchUserAgent()
	}
	return opt
}

// client returns the HTTP client of one fetch: opt.Client's settings, or
// the shared transport, with a transport that records each redirect's
// Location as written and a redirect policy that records each hop in r and
// follows only http(s) redirects, up to maxFetchRedirects.
func (r *fetchResult) client(opt fetchOptions) (*http.Client, *locationRecorder) {
	var client http.Client
	if opt.Client != nil {
		client = *opt.Client
	} else {
		client.Transport = fetchTransport()
	}
	base := client.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	rec := &locationRecorder{base: base}
	client.Transport = rec
	client.CheckRedirect = func(next *http.Request, via []*http.Request) error {
		hop := fetchHop{URL: via[len(via)-1].URL.String(), Location: next.URL.String()}
		if next.Response != nil {
			hop.Status = next.Response.StatusCode
			hop.RobotsTags = next.Response.Header.Values("X-Robots-Tag")
		}
		r.Hops = append(r.Hops, hop)
		// RFC 9309 §2.3 only defines robots.txt over http(s); elsewhere
		// there is no file to obey, and no way to tell it is absent.
		if (next.URL.Scheme != "http" && next.URL.Scheme != "https") || next.URL.Host == "" {
			return errBadRedirect
		}
		if len(via) > maxFetchRedirects {
			return errTooManyRedirects
		}
		r.FinalURL = next.URL.String()
		return nil
	}
	return &client, rec
}

// answered records what the response's status line and headers say.
func (r *fetchResult) answered(resp *http.Response) {
	r.FinalURL = resp.Request.URL.String()
	r.Status = resp.StatusCode
	r.StatusText = http.StatusText(resp.StatusCode)
	if r.StatusText == "" {
		// An unregistered code: keep the server's own phrase, unless it
		// is the placeholder net/http writes ("status code 299").
		r.StatusText = strings.TrimSpace(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode)))
		if r.StatusText == "status code "+strconv.Itoa(resp.StatusCode) {
			r.StatusText = ""
		}
	}
	r.ContentType = resp.Header.Get("Content-Type")
	// Values, not Get: each header line is a value of its own, and
	// crawlers add up the rules of every line.
	r.RobotsTags = resp.Header.Values("X-Robots-Tag")
	// Only the declared length says how much of a truncated body was
	// never read; reading on to count it would defeat the cap.
	r.Length = resp.ContentLength
}

// classify sets the outcome of a fetch that got a response, as crawlers
// read its status, and reads the body of a success.
func (r *fetchResult) classify(ctx, fctx context.Context, resp *http.Response, opt fetchOptions) {
	switch s := resp.StatusCode; {
	case s >= 200 && s < 300:
		r.Outcome = fetchFetched
		r.readBody(ctx, fctx, resp.Body, opt)
	case s >= 300 && s < 400:
		// Net/http follows every 3xx with a usable Location, so this one
		// has none (or is a 300 or 304, which it does not follow). The
		// redirect leads nowhere, as after too many redirects, which
		// RFC 9309 §2.3.1.2 lets crawlers treat as unavailable and
		// Google treats as a 404.
		r.Outcome, r.cause = fetchUnavailable, causeUnfollowable
	case s == http.StatusTooManyRequests:
		// RFC 9309 makes every 4xx unavailable, but Google treats 429
		// like a 5xx, the safe reading for a server asking to back off.
		r.Outcome = fetchUnreachable
	case s >= 400 && s < 500:
		// RFC 9309 §2.3.1.3 includes 401 and 403, and so does Google.
		r.Outcome = fetchUnavailable
	default:
		// 5xx, and any status outside the classes HTTP defines: the
		// server gave no robots.txt and did not say it has none.
		r.Outcome = fetchUnreachable
	}
}

// readBody reads the body of a success, up to maxBytes and the rest of the
// line there. A body that breaks off makes the file unreachable.
func (r *fetchResult) readBody(ctx, fctx context.Context, body io.Reader, opt fetchOptions) {
	maxBytes := opt.MaxBytes
	// One byte past the cap tells a file of exactly maxBytes from a
	// longer one without ever holding more.
	data, err := io.ReadAll(io.LimitReader(body, int64(maxBytes)+1))
	if len(data) > maxBytes && opt.page {
		r.Body, r.Truncated = data[:maxBytes:maxBytes], true
		return
	}
	if len(data) > maxBytes {
		// RFC 9309 §2.5: crawlers parse at least the first 500 KiB and
		// may ignore the rest, which Google does. The body keeps the rest
		// of the line across the cap, so that the line is linted whole and
		// reported as cut (file-too-large), as in a file on disk, rather
		// than its first part judged as a line of its own; the profiles
		// cut it again where they stop.
		r.Body = append(data[:maxBytes:maxBytes], restOfLine(data[maxBytes:], body)...)
		r.Truncated = true
		return
	}
	if err != nil {
		// Half a file would obey rules the site never meant alone; a
		// crawler that cannot read it all has not fetched it.
		r.Outcome, r.Err = fetchUnreachable, err
		switch {
		case errors.Is(context.Cause(fctx), errFetchTimeout):
			r.cause = causeBodyTimeout
		case ctx.Err() != nil:
			r.cause, r.Err = causeCanceled, context.Cause(ctx)
		default:
			r.cause = causeBodyError
		}
		return
	}
	r.Body = data
}

// failed fills in r when client.Do returned no response to classify.
func (r *fetchResult) failed(ctx, fctx context.Context, err error, rec *locationRecorder) {
	r.Outcome, r.Err = fetchUnreachable, err
	var ue *url.Error
	if errors.As(err, &ue) {
		r.Err = ue.Err // the URL is in the sentence already
	}
	switch {
	case errors.Is(err, errTooManyRedirects):
		r.Outcome, r.cause = fetchUnavailable, causeTooManyRedirects
	case errors.Is(err, errBadRedirect):
		r.cause = causeBadRedirect
	case rec.location != "":
		r.cause, r.location = causeBadLocation, rec.location
		r.Status, r.StatusText = rec.status, http.StatusText(rec.status)
	case errors.Is(context.Cause(fctx), errFetchTimeout):
		r.cause = causeTimeout
	case ctx.Err() != nil:
		r.cause, r.Err = causeCanceled, context.Cause(ctx)
	default:
		r.cause = causeNetwork
	}
}

// locationRecorder notes a redirect whose Location net/http cannot parse;
// the client then returns only an error, which would lose the status.
type locationRecorder struct {
	base     http.RoundTripper
	status   int
	location string
}

// RoundTrip passes req on and notes a followable redirect status whose
// Location does not parse, as net/http's client will parse it.
func (l *locationRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := l.base.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	switch resp.StatusCode {
	case 301, 302, 303, 307, 308: // the ones net/http follows
		if loc := resp.Header.Get("Location"); loc != "" {
			if _, perr := req.URL.Parse(loc); perr != nil {
				l.status, l.location = resp.StatusCode, loc
			}
		}
	}
	return resp, nil
}

// Explain says in one line what the fetch got and what the crawlers of
// targets do about it.
func (r *fetchResult) Explain(targets []*match.Profile) string {
	var s string
	if r.answer() == answerFile {
		s = fmt.Sprintf("%s answered %s: crawlers obey its rules (RFC 9309 §2.3.1.1)", r.who(), r.status())
		if r.Truncated {
			s += fmt.Sprintf(", but only the first %s were read; Google ignores the rest too (RFC 9309 §2.5)", sizeText(r.maxBytes))
		}
	} else {
		s = r.happened(r.who()) + ": " + readingText(r.answer(), targets)
	}
	// Error texts are the network's, not ours; keep the sentence one line.
	return strings.Join(strings.Fields(s), " ")
}

// happened says what became of the request for robots.txt when it gave no
// file, with who naming the URL or server that answered.
func (r *fetchResult) happened(who string) string {
	switch r.cause {
	case causeStatus:
		if r.answer() == answerServerError && (r.Status < 500 || r.Status >= 600) {
			return fmt.Sprintf("%s answered the unexpected status %s", who, r.status())
		}
		return fmt.Sprintf("%s answered %s", who, r.status())
	case causeUnfollowable:
		return fmt.Sprintf("%s answered %s with no redirect to follow", who, r.status())
	case causeTooManyRedirects:
		return fmt.Sprintf("%s was redirected more than %d times", r.URL, maxFetchRedirects)
	case causeBadRedirect:
		to := ""
		if len(r.Hops) > 0 {
			to = r.Hops[len(r.Hops)-1].Location
		}
		return fmt.Sprintf("%s redirected to %s, which is not an http or https URL", who, to)
	case causeBadLocation:
		return fmt.Sprintf("%s answered %s with the unparsable Location %q", who, r.status(), r.location)
	case causeTimeout:
		return fmt.Sprintf("%s did not answer within %s", who, r.timeout)
	case causeBodyTimeout:
		return fmt.Sprintf("%s answered %s but did not send the whole file within %s", who, r.status(), r.timeout)
	case causeBodyError:
		return fmt.Sprintf("%s answered %s but the file broke off (%v)", who, r.status(), r.Err)
	case causeCanceled:
		return fmt.Sprintf("the fetch of %s was cancelled (%v)", who, r.Err)
	}
	return fmt.Sprintf("%s could not be reached (%v)", who, r.Err)
}

// who names the URL a sentence is about: the one asked for and, after
// redirects, the one that answered.
func (r *fetchResult) who() string {
	if r.FinalURL == r.URL {
		return r.URL
	}
	n := len(r.Hops)
	if r.cause == causeBadRedirect && n > 0 {
		n-- // the last hop was not followed
	}
	if n == 1 {
		return fmt.Sprintf("%s (redirected to %s)", r.URL, r.FinalURL)
	}
	return fmt.Sprintf("%s (redirected %d times, to %s)", r.URL, n, r.FinalURL)
}

// status is "404 Not Found".
func (r *fetchResult) status() string {
	if r.StatusText == "" {
		return strconv.Itoa(r.Status)
	}
	return strconv.Itoa(r.Status) + " " + r.StatusText
}

// sizeText is n bytes in the unit people say: "500 KiB", "1 MiB", "1000
// bytes".
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
