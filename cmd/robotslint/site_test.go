package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// siteWant is a diagnostic a test expects: its rule, its severity and
// words its message says.
type siteWant struct {
	rule  string
	sev   lint.Severity
	words []string
}

// lintSiteT lints target's site with a timeout that fires only when the
// test sets a shorter one, and fails the test if lintSite errs or takes
// long enough to suggest something hangs.
func lintSiteT(t *testing.T, target string, opt fetchOptions, cfg *lint.Config) *siteReport {
	t.Helper()
	if opt.Timeout == 0 {
		opt.Timeout = 5 * time.Second
	}
	start := time.Now()
	rep, err := lintSite(t.Context(), target, opt, cfg)
	if err != nil {
		t.Fatalf("lintSite(%q): %v", target, err)
	}
	if d := time.Since(start); d > opt.Timeout+2*time.Second {
		t.Fatalf("lintSite took %v with a timeout of %v", d, opt.Timeout)
	}
	return rep
}

// checkSite fails the test unless rep has exactly the diagnostics want,
// in order, each at the start of the file and on one line.
func checkSite(t *testing.T, rep *siteReport, want ...siteWant) {
	t.Helper()
	var got []string
	for _, d := range rep.Diagnostics {
		got = append(got, d.Rule+" "+d.Severity.String())
	}
	var wantNames []string
	for _, w := range want {
		wantNames = append(wantNames, w.rule+" "+w.sev.String())
	}
	if strings.Join(got, ", ") != strings.Join(wantNames, ", ") {
		t.Fatalf("diagnostics %q, want %q:\n%s", got, wantNames, siteMessages(rep))
	}
	for i, d := range rep.Diagnostics {
		for _, w := range want[i].words {
			if !strings.Contains(d.Message, w) {
				t.Errorf("%s message %q does not say %q", d.Rule, d.Message, w)
			}
		}
		if d.Span != (syntax.Span{}) || strings.ContainsAny(d.Message, "\r\n") || strings.HasSuffix(d.Message, ".") || d.Message != lowerFirst(d.Message) {
			t.Errorf("%s: span %v, message %q: want the span {0 0} and one lower-case line without a final period", d.Rule, d.Span, d.Message)
		}
	}
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func siteMessages(rep *siteReport) string {
	var b strings.Builder
	for _, d := range rep.Diagnostics {
		fmt.Fprintf(&b, "  %s: %s [%s]\n", d.Severity, d.Message, d.Rule)
	}
	return b.String()
}

// siteServer serves handler for the length of the test.
func siteServer(t *testing.T, handler http.HandlerFunc) *httptest.Server {
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	return srv
}

// answer returns a handler that answers every request with status, a
// Content-Type (none when contentType is "") and body.
func answer(status int, contentType, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if contentType == "" {
			w.Header()["Content-Type"] = nil // or net/http sniffs one
		} else {
			w.Header().Set("Content-Type", contentType)
		}
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}
}

const siteBody = "User-agent: *\nDisallow: /private\n"

func TestLintSiteOK(t *testing.T) {
	srv := siteServer(t, answer(200, "text/plain; charset=utf-8", siteBody))
	rep := lintSiteT(t, srv.URL, fetchOptions{}, nil)
	checkSite(t, rep)
	if rep.Name != srv.URL+"/robots.txt" || string(rep.Src) != siteBody {
		t.Errorf("name %q, src %q", rep.Name, rep.Src)
	}
}

// TestLintSiteStatus checks each kind of answer that is not a plain 200:
// the rule, the severity, what the message says crawlers do, and that a
// body comes back only from a 2xx.
func TestLintSiteStatus(t *testing.T) {
	const plain = "text/plain"
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    []siteWant
		src     string
	}{
		{"200 text/html", answer(200, "text/html; charset=utf-8", "<html>app</html>"),
			[]siteWant{{"fetch-content-type", lint.Warning, []string{"text/html, not text/plain", "single-page app", "crawl everything"}}}, "<html>app</html>"},
		{"200 application/octet-stream", answer(200, "application/octet-stream", siteBody),
			[]siteWant{{"fetch-content-type", lint.Warning, []string{"application/octet-stream, not text/plain", "RFC 9309 §2.3"}}}, siteBody},
		{"200 bad Content-Type", answer(200, "text/", siteBody),
			[]siteWant{{"fetch-content-type", lint.Warning, []string{`"text/" is not a media type`}}}, siteBody},
		{"200 without Content-Type", answer(200, "", siteBody),
			[]siteWant{{"fetch-content-type", lint.Info, []string{"no Content-Type", "text/plain"}}}, siteBody},
		{"500", answer(500, plain, "oops"),
			[]siteWant{{"fetch-status", lint.Error, []string{"the server answered 500 Internal Server Error", "whole site is disallowed", "§2.3.1.4", "12 hours", "30 days"}}}, ""},
		{"503", answer(503, plain, "later"),
			[]siteWant{{"fetch-status", lint.Error, []string{"answered 503 Service Unavailable", "whole site is disallowed", "last cached copy"}}}, ""},
		{"429", answer(429, plain, "slow down"),
			[]siteWant{{"fetch-status", lint.Error, []string{"answered 429 Too Many Requests: Google stops crawling the site for 12 hours", "; Bing, Yandex and RFC 9309 crawlers take it as no robots.txt"}}}, ""},
		{"600", answer(600, plain, ""),
			[]siteWant{{"fetch-status", lint.Error, []string{"unexpected status 600", "whole site is disallowed"}}}, ""},
		{"401", answer(401, plain, "who are you"),
			[]siteWant{{"fetch-status", lint.Info, []string{"answered 401 Unauthorized: Google, Bing, Yandex and RFC 9309 crawlers take it as no robots.txt and may fetch everything (RFC 9309 §2.3.1.3)"}}}, ""},
		{"403", answer(403, plain, "no"),
			[]siteWant{{"fetch-status", lint.Info, []string{"answered 403 Forbidden", "may fetch everything"}}}, ""},
		{"404", answer(404, "text/html", "<h1>not found</h1>"),
			[]siteWant{{"fetch-status", lint.Info, []string{"answered 404 Not Found", "no robots.txt", "may fetch everything", "§2.3.1.3"}}}, ""},
		{"410", answer(410, plain, "gone"),
			[]siteWant{{"fetch-status", lint.Info, []string{"answered 410 Gone", "may fetch everything"}}}, ""},
		{"400", answer(400, plain, "bad"),
			[]siteWant{{"fetch-status", lint.Info, []string{"answered 400 Bad Request", "may fetch everything"}}}, ""},
		{"3xx without Location", answer(300, plain, ""),
			[]siteWant{{"fetch-redirect", lint.Error, []string{"answered 300 Multiple Choices without a redirect to follow", "may fetch everything"}}}, ""},
		{"redirect to ftp", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "ftp://files.example/robots.txt", http.StatusFound)
		}, []siteWant{{"fetch-redirect", lint.Error, []string{"redirected to ftp://files.example/robots.txt, which is not an http or https URL", "whole site is disallowed"}}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := siteServer(t, tt.handler)
			rep := lintSiteT(t, srv.URL, fetchOptions{}, nil)
			checkSite(t, rep, tt.want...)
			if string(rep.Src) != tt.src {
				t.Errorf("src %q, want %q", rep.Src, tt.src)
			}
		})
	}
}

// TestLintSiteStatusByTargets checks that the severity of fetch-status
// follows what the targeted crawlers do with each answer (information when
// all of them crawl as without a robots.txt, a warning when some are shut
// out, an error when some stop crawling), and that the message names each
// targeted crawler and no other.
func TestLintSiteStatusByTargets(t *testing.T) {
	g, b, y, r, l := match.Google, match.Bing, match.Yandex, match.RFC9309, match.Legacy
	sets := map[string][]*match.Profile{
		"google": {g}, "google,legacy": {g, l}, "default": lint.DefaultTargets(),
		"yandex": {y}, "rfc9309": {r}, "legacy": {l}, "all": {g, r, b, y, l},
	}
	I, W, E := lint.Info, lint.Warning, lint.Error
	tests := []struct {
		status int // 0 for no answer within the timeout
		want   map[string]lint.Severity
	}{
		{401, map[string]lint.Severity{"google": I, "google,legacy": W, "default": I, "yandex": I, "rfc9309": I, "legacy": W, "all": W}},
		{403, map[string]lint.Severity{"google": I, "google,legacy": W, "default": I, "yandex": I, "rfc9309": I, "legacy": W, "all": W}},
		{404, map[string]lint.Severity{"google": I, "google,legacy": I, "default": I, "yandex": I, "rfc9309": I, "legacy": I, "all": I}},
		{400, map[string]lint.Severity{"google": I, "google,legacy": I, "default": I, "yandex": I, "rfc9309": I, "legacy": I, "all": I}},
		{429, map[string]lint.Severity{"google": E, "google,legacy": E, "default": E, "yandex": I, "rfc9309": I, "legacy": E, "all": E}},
		{500, map[string]lint.Severity{"google": E, "google,legacy": E, "default": E, "yandex": I, "rfc9309": E, "legacy": E, "all": E}},
		{503, map[string]lint.Severity{"google": E, "google,legacy": E, "default": E, "yandex": I, "rfc9309": E, "legacy": E, "all": E}},
		{0, map[string]lint.Severity{"google": E, "google,legacy": E, "default": E, "yandex": E, "rfc9309": E, "legacy": E, "all": E}},
	}
	for _, tt := range tests {
		for name, targets := range sets {
			t.Run(fmt.Sprintf("%d %s", tt.status, name), func(t *testing.T) {
				res := &fetchResult{URL: "https://example.com/robots.txt", FinalURL: "https://example.com/robots.txt",
					Status: tt.status, StatusText: http.StatusText(tt.status), Outcome: fetchUnavailable, Length: -1, timeout: time.Second}
				switch {
				case tt.status == 0:
					res.Outcome, res.cause = fetchUnreachable, causeTimeout
				case tt.status >= 500 || tt.status == 429:
					res.Outcome = fetchUnreachable
				}
				f := &siteFindings{targets: targets}
				f.check(res)
				checkSite(t, &siteReport{Diagnostics: f.diags}, siteWant{"fetch-status", tt.want[name], nil})
				msg := f.diags[0].Message
				for _, p := range match.Profiles() {
					if named := strings.Contains(msg, strings.TrimSuffix(p.Readers, " crawlers")); named != slices.Contains(targets, p) {
						t.Errorf("names %s: %v, targeted: %v; message %q", p.Readers, named, !named, msg)
					}
				}
			})
		}
	}
}

func TestLintSiteRedirectSameHost(t *testing.T) {
	srv := siteServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/robots/", http.StatusMovedPermanently)
		case "/robots/":
			http.Redirect(w, r, "/robots/current.txt", http.StatusFound)
		default:
			answer(200, "text/plain", siteBody)(w, r)
		}
	})
	rep := lintSiteT(t, srv.URL, fetchOptions{}, nil)
	checkSite(t, rep, siteWant{"fetch-redirect", lint.Info, []string{"redirected 2 times, to " + srv.URL + "/robots/current.txt", "same site", "up to 5 redirects"}})
	if string(rep.Src) != siteBody || rep.Name != srv.URL+"/robots.txt" {
		t.Errorf("name %q, src %q", rep.Name, rep.Src)
	}
}

func TestLintSiteRedirectOtherHost(t *testing.T) {
	other := siteServer(t, answer(200, "text/plain", siteBody))
	srv := siteServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/robots.txt", http.StatusMovedPermanently)
	})
	rep := lintSiteT(t, srv.URL, fetchOptions{}, nil)
	checkSite(t, rep, siteWant{"fetch-redirect", lint.Warning, []string{
		"redirected once, to " + other.URL + "/robots.txt", "through another host (" + strings.TrimPrefix(other.URL, "http://") + ")",
		"apply the file they reach to " + srv.URL, "§2.3.1.2",
	}})
	if string(rep.Src) != siteBody {
		t.Errorf("src %q", rep.Src)
	}
}

// TestLintSiteRedirectThenError checks that a redirect and the error its
// target answers are both reported, the status first.
func TestLintSiteRedirectThenError(t *testing.T) {
	srv := siteServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/down", http.StatusTemporaryRedirect)
			return
		}
		answer(503, "text/plain", "")(w, r)
	})
	rep := lintSiteT(t, srv.URL, fetchOptions{}, nil)
	checkSite(t, rep,
		siteWant{"fetch-status", lint.Error, []string{"the redirect target " + srv.URL + "/down answered 503"}},
		siteWant{"fetch-redirect", lint.Info, []string{"redirected once, to " + srv.URL + "/down"}})
}

// TestLintSiteRedirectKinds checks which chains stay on the site, on
// results as fetchRobots would give them: an upgrade from http to https
// and the www. form of the host do, another host or port and a downgrade
// to http do not.
func TestLintSiteRedirectKinds(t *testing.T) {
	tests := []struct {
		from, to string
		want     siteWant
	}{
		{"http://example.com/robots.txt", "https://example.com/robots.txt", siteWant{"fetch-redirect", lint.Info, []string{"same site"}}},
		{"https://example.com/robots.txt", "https://www.example.com/robots.txt", siteWant{"fetch-redirect", lint.Info, []string{"same site"}}},
		{"http://www.example.com/robots.txt", "https://example.com:443/robots.txt", siteWant{"fetch-redirect", lint.Info, []string{"same site"}}},
		{"https://example.com/robots.txt", "https://cdn.example.net/robots.txt", siteWant{"fetch-redirect", lint.Warning, []string{"another host (cdn.example.net)", "to https://example.com"}}},
		{"https://example.com/robots.txt", "https://example.com:8443/robots.txt", siteWant{"fetch-redirect", lint.Warning, []string{"another host (example.com:8443)"}}},
		{"https://example.com/robots.txt", "http://example.com/robots.txt", siteWant{"fetch-redirect", lint.Warning, []string{"from https down to plain http"}}},
	}
	for _, tt := range tests {
		t.Run(tt.from+" "+tt.to, func(t *testing.T) {
			r := &fetchResult{URL: tt.from, FinalURL: tt.to, Hops: []fetchHop{{tt.from, 301, tt.to, nil}},
				Status: 200, StatusText: "OK", ContentType: "text/plain", Outcome: fetchFetched, Length: -1, maxBytes: defaultFetchMaxBytes}
			f := &siteFindings{}
			f.check(r)
			checkSite(t, &siteReport{Diagnostics: f.diags}, tt.want)
		})
	}
}

func TestLintSiteTooManyRedirects(t *testing.T) {
	a, _, _ := redirectServers(t, 6)
	rep := lintSiteT(t, a.URL, fetchOptions{}, nil)
	checkSite(t, rep, siteWant{"fetch-redirect", lint.Error, []string{
		"redirected more than 5 times (" + a.URL + "/robots.txt, then on to " + a.URL + "/step/6)",
		"give up and may fetch everything, as when there is no robots.txt (RFC 9309 §2.3.1.2)",
	}})
	if len(rep.Src) != 0 {
		t.Errorf("src %q after too many redirects", rep.Src)
	}
}

func TestLintSiteRedirectLoop(t *testing.T) {
	srv := siteServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/robots-new.txt", http.StatusMovedPermanently)
			return
		}
		http.Redirect(w, r, "/robots.txt", http.StatusMovedPermanently)
	})
	rep := lintSiteT(t, srv.URL, fetchOptions{}, nil)
	u := srv.URL
	checkSite(t, rep, siteWant{"fetch-redirect", lint.Error, []string{
		"redirects in a loop (" + u + "/robots.txt → " + u + "/robots-new.txt → " + u + "/robots.txt)", "may fetch everything",
	}})
}

func TestLintSiteTooLarge(t *testing.T) {
	big := strings.Repeat("Disallow: /a-page/\n", 600<<10/19+1) // over 600 KiB
	// The first 500 KiB, and the rest of the line across them.
	read := big[:512000+strings.IndexByte(big[512000:], '\n')]
	t.Run("declared", func(t *testing.T) {
		srv := siteServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.Header().Set("Content-Length", strconv.Itoa(len(big)))
			fmt.Fprint(w, big)
		})
		rep := lintSiteT(t, srv.URL, fetchOptions{}, nil)
		checkSite(t, rep, siteWant{"fetch-size", lint.Warning, []string{
			"robots.txt is " + prose.Int(len(big)) + " bytes", "only the first 500 KiB",
			"ignores the other " + prose.Int(len(big)-512000) + " bytes", "§2.5", "only that part is linted",
		}})
		if string(rep.Src) != read {
			t.Errorf("src is %d bytes, want the first %d", len(rep.Src), len(read))
		}
	})
	t.Run("chunked", func(t *testing.T) {
		srv := siteServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.(http.Flusher).Flush() // no Content-Length from here on
			fmt.Fprint(w, big)
		})
		rep := lintSiteT(t, srv.URL, fetchOptions{}, nil)
		checkSite(t, rep, siteWant{"fetch-size", lint.Warning, []string{"larger than 500 KiB (the server did not say by how much)", "ignores the rest"}})
		if string(rep.Src) != read {
			t.Errorf("src is %d bytes, want the first %d", len(rep.Src), len(read))
		}
	})
}

// fetchSlowAfter is a configuration that reports fetches slower than
// seconds, a TOML value.
func fetchSlowAfter(t *testing.T, seconds string) *lint.Config {
	t.Helper()
	cfg, err := lint.ParseConfig([]byte("[rules.fetch-slow]\nmax-seconds = "+seconds), rules.All())
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestLintSiteSlow(t *testing.T) {
	srv := siteServer(t, func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(100 * time.Millisecond)
		answer(200, "text/plain", siteBody)(w, r)
	})
	// Under the default of 5 seconds, a tenth of a second is not slow.
	checkSite(t, lintSiteT(t, srv.URL, fetchOptions{}, nil))
	for _, seconds := range []string{"0.02", "2e-2"} {
		t.Run(seconds, func(t *testing.T) {
			rep := lintSiteT(t, srv.URL, fetchOptions{}, fetchSlowAfter(t, seconds))
			checkSite(t, rep, siteWant{"fetch-slow", lint.Warning, []string{"robots.txt took ", "more than 20ms", "gives up sooner", "like a 5xx"}})
			if string(rep.Src) != siteBody {
				t.Errorf("src %q", rep.Src)
			}
		})
	}
	// A whole number of seconds, which TOML reads as an integer.
	checkSite(t, lintSiteT(t, srv.URL, fetchOptions{}, fetchSlowAfter(t, "1")))
}

func TestLintSiteNoAnswer(t *testing.T) {
	srv := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	})
	rep := lintSiteT(t, srv.URL, fetchOptions{Timeout: 100 * time.Millisecond}, fetchSlowAfter(t, "0.01"))
	// A fetch that timed out is not also slow: fetch-status has it.
	checkSite(t, rep, siteWant{"fetch-status", lint.Error, []string{"the server did not answer within 100ms", "whole site is disallowed", "12 hours"}})
	if len(rep.Src) != 0 {
		t.Errorf("src %q", rep.Src)
	}
}

func TestLintSiteTrickle(t *testing.T) {
	srv := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		w.Header().Set("Content-Length", "1000")
		fmt.Fprint(w, "User-agent: *\n")
		w.(http.Flusher).Flush()
		select {
		case <-done:
		case <-r.Context().Done():
		}
	})
	rep := lintSiteT(t, srv.URL, fetchOptions{Timeout: 100 * time.Millisecond}, nil)
	checkSite(t, rep, siteWant{"fetch-status", lint.Error, []string{"answered 200 OK but did not send the whole file within 100ms", "whole site is disallowed"}})
	if len(rep.Src) != 0 {
		t.Errorf("src %q from an unfinished fetch", rep.Src)
	}
}

func TestLintSiteRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	rep := lintSiteT(t, "http://"+addr+"/", fetchOptions{}, nil)
	checkSite(t, rep, siteWant{"fetch-status", lint.Error, []string{addr + " refused the connection", "whole site is disallowed"}})
}

func TestLintSiteDNS(t *testing.T) {
	// A transport that fails as a resolver does, so the test needs no
	// network.
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(addr)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}}}
	rep := lintSiteT(t, "https://no-such-host.invalid/page", fetchOptions{Client: client}, nil)
	checkSite(t, rep, siteWant{"fetch-status", lint.Error, []string{"the host name no-such-host.invalid does not resolve", "no such host", "whole site is disallowed"}})
}

func TestLintSiteTLS(t *testing.T) {
	// The shared transport does not trust the test server's certificate.
	srv := httptest.NewUnstartedServer(answer(200, "text/plain", siteBody))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the failed handshake is expected
	srv.StartTLS()
	t.Cleanup(srv.Close)
	rep := lintSiteT(t, srv.URL, fetchOptions{}, nil)
	checkSite(t, rep, siteWant{"fetch-status", lint.Error, []string{"the TLS handshake with " + strings.TrimPrefix(srv.URL, "https://") + " failed", "certificate", "whole site is disallowed"}})

	// An https URL for a server that speaks plain http: net/http says so
	// in words of its own.
	plain := siteServer(t, answer(200, "text/plain", siteBody))
	rep = lintSiteT(t, strings.Replace(plain.URL, "http://", "https://", 1), fetchOptions{}, nil)
	checkSite(t, rep, siteWant{"fetch-status", lint.Error, []string{"could not be reached", "HTTP response to HTTPS client", "whole site is disallowed"}})
}

func TestLintSiteCancelled(t *testing.T) {
	srv := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	})
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	rep, err := lintSite(ctx, srv.URL, fetchOptions{Timeout: 5 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSite(t, rep, siteWant{"fetch-status", lint.Error, []string{"cancelled", "what crawlers see is unknown"}})
}

// TestLintSiteTargets checks that any URL on the site leads to the
// robots.txt of its origin, and that the report is named after it.
func TestLintSiteTargets(t *testing.T) {
	paths := make(chan string, 10)
	srv := siteServer(t, func(w http.ResponseWriter, r *http.Request) {
		paths <- r.URL.RequestURI()
		answer(200, "text/plain", siteBody)(w, r)
	})
	for _, target := range []string{srv.URL, srv.URL + "/", srv.URL + "/robots.txt", srv.URL + "/some/page?q=1#top", strings.ToUpper(srv.URL[:4]) + srv.URL[4:] + "/x"} {
		rep := lintSiteT(t, target, fetchOptions{}, nil)
		checkSite(t, rep)
		if got := <-paths; got != "/robots.txt" || rep.Name != srv.URL+"/robots.txt" || string(rep.Src) != siteBody {
			t.Errorf("%s: server saw %q; name %q, src %q", target, got, rep.Name, rep.Src)
		}
	}
}

func TestLintSiteBadTarget(t *testing.T) {
	for _, target := range []string{"ftp://example.com/robots.txt", "http://%zz/", "https://", "example.com"} {
		rep, err := lintSite(t.Context(), target, fetchOptions{}, nil)
		if err == nil || rep != nil {
			t.Errorf("lintSite(%q) = %v, %v; want an error", target, rep, err)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || strings.HasPrefix(msg, "robotslint") || !strings.Contains(msg, strconv.Quote(target)) {
			t.Errorf("lintSite(%q) error %q: want one line naming the target, without a prefix", target, msg)
		}
	}
}

// TestLintSiteConfig checks that a rule configured off reports nothing
// and that a configured severity replaces the one the case would have.
func TestLintSiteConfig(t *testing.T) {
	failing := siteServer(t, answer(503, "text/plain", ""))
	html := siteServer(t, answer(200, "text/html", "<html></html>"))
	missing := siteServer(t, answer(404, "text/plain", ""))
	cfg := func(rules map[string]lint.Severity) *lint.Config {
		c := &lint.Config{Rules: map[string]lint.RuleConfig{}}
		for name, sev := range rules {
			c.Rules[name] = lint.RuleConfig{Severity: sev}
		}
		return c
	}
	checkSite(t, lintSiteT(t, failing.URL, fetchOptions{}, cfg(map[string]lint.Severity{"fetch-status": lint.Off})))
	checkSite(t, lintSiteT(t, html.URL, fetchOptions{}, cfg(map[string]lint.Severity{"fetch-content-type": lint.Off, "fetch-status": lint.Error})))
	checkSite(t, lintSiteT(t, failing.URL, fetchOptions{}, cfg(map[string]lint.Severity{"fetch-status": lint.Warning})),
		siteWant{"fetch-status", lint.Warning, []string{"503"}})
	checkSite(t, lintSiteT(t, missing.URL, fetchOptions{}, cfg(map[string]lint.Severity{"fetch-status": lint.Error})),
		siteWant{"fetch-status", lint.Error, []string{"404"}})
	checkSite(t, lintSiteT(t, html.URL, fetchOptions{}, cfg(map[string]lint.Severity{"fetch-content-type": lint.Hint})),
		siteWant{"fetch-content-type", lint.Hint, []string{"text/html"}})
	// Another rule's setting changes nothing here.
	checkSite(t, lintSiteT(t, missing.URL, fetchOptions{}, cfg(map[string]lint.Severity{"fetch-redirect": lint.Error})),
		siteWant{"fetch-status", lint.Info, []string{"404"}})
}

// runCommand runs robotslint with args and returns the status and outputs.
func runCommand(args ...string) (int, string, string) {
	var stdout, stderr strings.Builder
	status := run(args, strings.NewReader(""), &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

// TestRulesListsSiteRules checks that "robotslint rules" lists the page
// rules and then the fetch rules after the catalogue, each under their own
// heading in text and with scope "page" or "url" in JSON, and that
// "explain" finds them.
func TestRulesListsSiteRules(t *testing.T) {
	status, stdout, stderr := runCommand("rules")
	const heading = "\nFor URL arguments only, about fetching the site's /robots.txt:\n"
	head, tail, ok := strings.Cut(stdout, heading)
	if status != exitClean || stderr != "" || !ok {
		t.Fatalf("status %d, stderr %q, output without the heading:\n%s", status, stderr, stdout)
	}
	all, fileRules, siteRules, pageRules, sitemaps := rules.All(), rulesOfScope(lint.ScopeFile), robotsFetchRules(), rulesOfScope(lint.ScopePage), sitemapRules()
	if len(siteRules) == 0 || len(pageRules) == 0 || len(fileRules)+len(siteRules)+len(pageRules)+len(sitemaps) != len(all) {
		t.Fatalf("%d file rules, %d fetch rules, %d page rules and %d sitemap rules of %d", len(fileRules), len(siteRules), len(pageRules), len(sitemaps), len(all))
	}
	// The page rules and the sitemap rules come between, under headings
	// of their own.
	head, sitemapPart, ok := strings.Cut(head, "\nFor sitemaps, which robotslint reads when it follows the Sitemap lines of robots.txt:\n")
	if !ok || len(strings.Split(strings.TrimSuffix(sitemapPart, "\n"), "\n")) != len(sitemaps) {
		t.Errorf("the sitemap rules' part, for %d rules:\n%s", len(sitemaps), sitemapPart)
	}
	head, pages, ok := strings.Cut(head, "\nFor HTML pages, about their robots META tags and X-Robots-Tag headers:\n")
	if !ok || len(strings.Split(strings.TrimSuffix(pages, "\n"), "\n")) != len(pageRules) {
		t.Errorf("the page rules' part, for %d rules:\n%s", len(pageRules), pages)
	}
	if lines := strings.Split(strings.TrimSuffix(head, "\n"), "\n"); len(lines) != len(fileRules) || !strings.HasPrefix(lines[len(lines)-1], fileRules[len(fileRules)-1].Name+" ") {
		t.Errorf("the file rules' part has %d lines for %d rules", len(lines), len(fileRules))
	}
	lines := strings.Split(strings.TrimSuffix(tail, "\n"), "\n")
	if len(lines) != len(siteRules) {
		t.Fatalf("the fetch part has %d lines for %d rules:\n%s", len(lines), len(siteRules), tail)
	}
	for i, r := range siteRules {
		if f := strings.Fields(lines[i]); len(f) < 3 || f[0] != r.Name || f[1] != r.Severity.String() || !strings.HasSuffix(lines[i], "  "+r.Summary) {
			t.Errorf("line %q for %s", lines[i], r.Name)
		}
	}

	status, stdout, _ = runCommand("rules", "--format", "json")
	var list []map[string]any
	if err := json.Unmarshal([]byte(stdout), &list); err != nil || status != exitClean || len(list) != len(all) {
		t.Fatalf("status %d, %d entries, %v", status, len(list), err)
	}
	for i, e := range list {
		scope, has := e["scope"]
		want := map[lint.Scope]string{lint.ScopeFetch: "url", lint.ScopePage: "page", lint.ScopeSitemap: "sitemap"}[all[i].Scope]
		if all[i] == rules.SitemapUnreachable {
			want = "sitemap"
		}
		if e["name"] != all[i].Name || all[i].Scope == lint.ScopeFile && has || all[i].Scope != lint.ScopeFile && scope != want {
			t.Errorf("entry %d: %v with scope %v", i, e["name"], scope)
		}
	}

	status, stdout, _ = runCommand("explain", "fetch-status")
	for _, want := range []string{"fetch-status: the server answers robots.txt with an error status, or does not answer.\n", "Default severity: error.",
		"For a URL argument", "\nWhat it does\n", "\nWhy it matters\n", "\nUse instead\n"} {
		if status != exitClean || !strings.Contains(stdout, want) {
			t.Errorf("explain fetch-status: status %d, output lacks %q:\n%s", status, want, stdout)
		}
	}
	if strings.Contains(stdout, "\n    ") {
		t.Errorf("explain fetch-status shows an example file:\n%s", stdout)
	}
	if status, _, stderr = runCommand("explain", "fetch-staus"); status != exitError || !strings.Contains(stderr, "did you mean fetch-status?") {
		t.Errorf("explain fetch-staus: status %d, stderr %q", status, stderr)
	}
}
