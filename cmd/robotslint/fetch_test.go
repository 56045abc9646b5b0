package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/robotslint/robotslint/lint/match"
)

// fetchT fetches target with a timeout generous enough never to fire on
// a loaded machine unless the test sets a shorter one.
func fetchT(t *testing.T, target string, opt fetchOptions) *fetchResult {
	t.Helper()
	if opt.Timeout == 0 {
		opt.Timeout = 5 * time.Second
	}
	r, err := fetchRobots(t.Context(), target, opt)
	if err != nil {
		t.Fatalf("fetchRobots(%q): %v", target, err)
	}
	return r
}

// checkOutcome fails the test unless r has the outcome and its sentence
// says every one of words.
func checkOutcome(t *testing.T, r *fetchResult, want fetchOutcome, words ...string) {
	t.Helper()
	got := r.Explain([]*match.Profile{match.RFC9309})
	if r.Outcome != want {
		t.Errorf("outcome %v, want %v (%s)", r.Outcome, want, got)
	}
	for _, w := range words {
		if !strings.Contains(got, w) {
			t.Errorf("sentence %q does not say %q", got, w)
		}
	}
	if strings.ContainsAny(got, "\r\n") {
		t.Errorf("sentence %q is not one line", got)
	}
}

// seenRequest is what a handler saw, passed back over a channel so the
// race detector sees the hand-over.
type seenRequest struct {
	path, query, agent string
}

func TestFetchOK(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private\n"
	seen := make(chan seenRequest, 10)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen <- seenRequest{r.URL.Path, r.URL.RawQuery, r.UserAgent()}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)

	r := fetchT(t, srv.URL+"/some/page?x=1#frag", fetchOptions{UserAgent: "test-agent/1"})
	checkOutcome(t, r, fetchFetched, srv.URL+"/robots.txt answered 200 OK", "§2.3.1.1")
	if want := srv.URL + "/robots.txt"; r.URL != want || r.FinalURL != want {
		t.Errorf("URL %q, FinalURL %q, want %q for both", r.URL, r.FinalURL, want)
	}
	if r.Status != 200 || r.StatusText != "OK" || r.ContentType != "text/plain; charset=utf-8" {
		t.Errorf("status %d %q, content type %q", r.Status, r.StatusText, r.ContentType)
	}
	if string(r.Body) != body || r.Truncated || len(r.Hops) != 0 || r.Err != nil {
		t.Errorf("body %q, truncated %v, hops %v, err %v", r.Body, r.Truncated, r.Hops, r.Err)
	}
	if r.Elapsed <= 0 {
		t.Errorf("elapsed %v", r.Elapsed)
	}
	if got := <-seen; got != (seenRequest{"/robots.txt", "", "test-agent/1"}) {
		t.Errorf("server saw %+v", got)
	}

	// The default User-Agent identifies robotslint; the scheme's case
	// does not matter.
	r = fetchT(t, strings.Replace(srv.URL, "http://", "HTTP://", 1), fetchOptions{})
	checkOutcome(t, r, fetchFetched)
	got := (<-seen).agent
	if !strings.HasPrefix(got, "robotslint/") || !strings.HasSuffix(got, " (+https://github.com/robotslint/robotslint)") {
		t.Errorf("default User-Agent %q", got)
	}
	if got != fetchUserAgent() {
		t.Errorf("User-Agent %q, want %q", got, fetchUserAgent())
	}
}

func TestFetchCustomClient(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/elsewhere", http.StatusMovedPermanently)
			return
		}
		fmt.Fprint(w, "Disallow: /\n")
	}))
	t.Cleanup(srv.Close)
	client := srv.Client()
	r := fetchT(t, srv.URL, fetchOptions{Client: client})
	checkOutcome(t, r, fetchFetched, "redirected to "+srv.URL+"/elsewhere")
	if client.CheckRedirect != nil {
		t.Error("fetchRobots changed the caller's client")
	}
	if len(r.Hops) != 1 || !reflect.DeepEqual(r.Hops[0], fetchHop{URL: srv.URL + "/robots.txt", Status: 301, Location: srv.URL + "/elsewhere"}) {
		t.Errorf("hops %+v", r.Hops)
	}
}

func TestFetchStatus(t *testing.T) {
	tests := []struct {
		code     int
		location string
		want     fetchOutcome
		words    []string
	}{
		{204, "", fetchFetched, []string{"answered 204 No Content: crawlers obey"}},
		{404, "", fetchUnavailable, []string{"answered 404 Not Found: RFC 9309 crawlers take it as no robots.txt and may fetch everything (RFC 9309 §2.3.1.3)"}},
		{410, "", fetchUnavailable, []string{"410 Gone", "may fetch everything"}},
		{401, "", fetchUnavailable, []string{"401 Unauthorized", "may fetch everything"}},
		{403, "", fetchUnavailable, []string{"403 Forbidden", "may fetch everything"}},
		{429, "", fetchUnreachable, []string{"429 Too Many Requests: RFC 9309 crawlers take it as no robots.txt"}},
		{500, "", fetchUnreachable, []string{"answered 500 Internal Server Error: RFC 9309 crawlers must assume the whole site is disallowed (RFC 9309 §2.3.1.4)"}},
		{503, "", fetchUnreachable, []string{"answered 503 Service Unavailable: RFC 9309 crawlers must assume the whole site is disallowed (RFC 9309 §2.3.1.4)"}},
		{302, "", fetchUnavailable, []string{"302 Found with no redirect to follow", "may fetch everything"}},
		{300, "/other", fetchUnavailable, []string{"300 Multiple Choices", "may fetch everything"}},
		{302, "http://%zz/", fetchUnreachable, []string{"302 Found", `Location "http://%zz/"`, "must assume the whole site is disallowed"}},
		{301, "ftp://example.com/robots.txt", fetchUnreachable, []string{"redirected to ftp://example.com/robots.txt", "not an http or https URL", "must assume"}},
		{299, "", fetchFetched, []string{"answered 299: crawlers obey"}},
		{699, "", fetchUnreachable, []string{"answered the unexpected status 699: RFC 9309 crawlers must assume"}},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.code)+tt.location, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tt.location != "" {
					w.Header().Set("Location", tt.location)
				}
				w.WriteHeader(tt.code)
			}))
			t.Cleanup(srv.Close)
			r := fetchT(t, srv.URL+"/", fetchOptions{})
			checkOutcome(t, r, tt.want, tt.words...)
			if r.Status != tt.code && !strings.HasPrefix(tt.location, "ftp:") {
				t.Errorf("status %d, want %d", r.Status, tt.code)
			}
			if r.Outcome != fetchFetched && r.Body != nil {
				t.Errorf("body %q without a fetched file", r.Body)
			}
		})
	}
}

// redirectServers starts two servers (two authorities) that redirect
// /robots.txt through /step/1 ... /step/n, alternating between them, with
// each 3xx status in turn, then serve a file.
func redirectServers(t *testing.T, n int) (a, b *httptest.Server, agents chan string) {
	codes := []int{301, 302, 303, 307, 308}
	agents = make(chan string, 20)
	var servers [2]*httptest.Server
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		agents <- r.UserAgent()
		step := 0
		if s, ok := strings.CutPrefix(r.URL.Path, "/step/"); ok {
			step, _ = strconv.Atoi(s)
		}
		if step < n {
			next := step + 1
			http.Redirect(w, r, fmt.Sprintf("%s/step/%d", servers[next%2].URL, next), codes[step%len(codes)])
			return
		}
		fmt.Fprint(w, "User-agent: *\nDisallow: /\n")
	})
	servers[0], servers[1] = httptest.NewServer(handler), httptest.NewServer(handler)
	t.Cleanup(servers[0].Close)
	t.Cleanup(servers[1].Close)
	return servers[0], servers[1], agents
}

func TestFetchRedirects(t *testing.T) {
	a, b, agents := redirectServers(t, 5)
	r := fetchT(t, a.URL+"/page", fetchOptions{UserAgent: "hopper"})
	final := b.URL + "/step/5"
	checkOutcome(t, r, fetchFetched, a.URL+"/robots.txt (redirected 5 times, to "+final+") answered 200 OK")
	if r.FinalURL != final || string(r.Body) != "User-agent: *\nDisallow: /\n" {
		t.Errorf("final URL %q, body %q", r.FinalURL, r.Body)
	}
	want := []fetchHop{
		{a.URL + "/robots.txt", 301, b.URL + "/step/1", nil},
		{b.URL + "/step/1", 302, a.URL + "/step/2", nil},
		{a.URL + "/step/2", 303, b.URL + "/step/3", nil},
		{b.URL + "/step/3", 307, a.URL + "/step/4", nil},
		{a.URL + "/step/4", 308, b.URL + "/step/5", nil},
	}
	if fmt.Sprint(r.Hops) != fmt.Sprint(want) {
		t.Errorf("hops\n%v\nwant\n%v", r.Hops, want)
	}
	for range 6 {
		if got := <-agents; got != "hopper" {
			t.Errorf("a redirected request had User-Agent %q", got)
		}
	}
}

func TestFetchTooManyRedirects(t *testing.T) {
	a, b, _ := redirectServers(t, 6)
	r := fetchT(t, a.URL, fetchOptions{})
	checkOutcome(t, r, fetchUnavailable, a.URL+"/robots.txt was redirected more than 5 times", "may fetch everything", "§2.3.1.2")
	if len(r.Hops) != 6 || !reflect.DeepEqual(r.Hops[5], fetchHop{b.URL + "/step/5", 301, a.URL + "/step/6", nil}) {
		t.Errorf("hops %v", r.Hops)
	}
	if r.FinalURL != b.URL+"/step/5" || r.Body != nil {
		t.Errorf("final URL %q, body %q", r.FinalURL, r.Body)
	}
}

// blockingServer serves handler, which may block on done until the test
// ends; done is closed before the server shuts down.
func blockingServer(t *testing.T, handler func(w http.ResponseWriter, r *http.Request, done <-chan struct{})) *httptest.Server {
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handler(w, r, done)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(done) }) // runs first: cleanups are last in, first out
	return srv
}

// fetchQuickly fetches with a short timeout and fails if the fetch hangs.
func fetchQuickly(t *testing.T, target string, opt fetchOptions) *fetchResult {
	t.Helper()
	start := time.Now()
	r := fetchT(t, target, opt)
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("fetch took %v", d)
	}
	return r
}

func TestFetchNoAnswer(t *testing.T) {
	srv := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	})
	r := fetchQuickly(t, srv.URL, fetchOptions{Timeout: 200 * time.Millisecond})
	checkOutcome(t, r, fetchUnreachable, "robots.txt did not answer within 200ms: RFC 9309 crawlers must assume the whole site is disallowed")
	if r.Status != 0 || r.Err == nil {
		t.Errorf("status %d, err %v", r.Status, r.Err)
	}
}

func TestFetchTrickle(t *testing.T) {
	srv := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		w.Header().Set("Content-Length", "1000")
		fmt.Fprint(w, "User-agent: *\n")
		w.(http.Flusher).Flush()
		select {
		case <-done:
		case <-r.Context().Done():
		}
	})
	r := fetchQuickly(t, srv.URL, fetchOptions{Timeout: 200 * time.Millisecond})
	checkOutcome(t, r, fetchUnreachable, "answered 200 OK but did not send the whole file within 200ms", "must assume")
	if r.Body != nil {
		t.Errorf("body %q from an unfinished fetch", r.Body)
	}
}

func TestFetchCancelled(t *testing.T) {
	srv := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	})
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	r, err := fetchRobots(ctx, srv.URL, fetchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkOutcome(t, r, fetchUnreachable, "was cancelled", "deadline exceeded")
}

func TestFetchTruncated(t *testing.T) {
	big := bytes.Repeat([]byte("Disallow: /x\n"), 3<<20/13)
	for _, tt := range []struct {
		size, max int
		truncated bool
	}{
		{len(big), 0, true},
		{len(big), 1000, true},
		{1000, 1000, false},
		{1001, 1000, true},
	} {
		t.Run(fmt.Sprintf("%d/%d", tt.size, tt.max), func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Write(big[:tt.size])
			}))
			t.Cleanup(srv.Close)
			r := fetchT(t, srv.URL, fetchOptions{MaxBytes: tt.max})
			max := tt.max
			if max == 0 {
				max = 512000
			}
			want := min(max, tt.size)
			if tt.truncated {
				// The body keeps the rest of the line across the cap.
				want += bytes.IndexByte(big[want:], '\n')
			}
			if r.Truncated != tt.truncated || !bytes.Equal(r.Body, big[:want]) {
				t.Errorf("truncated %v, %d bytes; want %v, %d bytes", r.Truncated, len(r.Body), tt.truncated, want)
			}
			if tt.truncated {
				checkOutcome(t, r, fetchFetched, "only the first "+sizeText(max)+" were read; Google ignores the rest too")
			} else {
				checkOutcome(t, r, fetchFetched)
			}
		})
	}
	if got := sizeText(512000); got != "500 KiB" {
		t.Errorf("sizeText(512000) = %q", got)
	}
}

func TestFetchEndless(t *testing.T) {
	srv := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		chunk := bytes.Repeat([]byte("Allow: /\n"), 4096)
		for {
			select {
			case <-done:
				return
			case <-r.Context().Done():
				return
			default:
			}
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	r := fetchQuickly(t, srv.URL, fetchOptions{Timeout: 5 * time.Second})
	checkOutcome(t, r, fetchFetched, "only the first 500 KiB were read")
	if !r.Truncated || len(r.Body) != 512000 {
		t.Errorf("truncated %v, %d bytes", r.Truncated, len(r.Body))
	}
}

func TestFetchRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	r := fetchQuickly(t, "http://"+addr+"/", fetchOptions{})
	if r.Err == nil {
		t.Fatalf("no error: %s", r.Explain(nil))
	}
	checkOutcome(t, r, fetchUnreachable, "http://"+addr+"/robots.txt could not be reached ("+r.Err.Error()+")", "must assume the whole site is disallowed")
}

func TestFetchBadTarget(t *testing.T) {
	for _, target := range []string{"ftp://x/robots.txt", "http://", "http://%zz", "https://:80/", "example.com", "mailto:a@b", "http:opaque"} {
		r, err := fetchRobots(t.Context(), target, fetchOptions{})
		if err == nil || r != nil {
			t.Errorf("fetchRobots(%q) = %v, %v; want an error", target, r, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, strconv.Quote(target)) || strings.Contains(msg, "\n") {
			t.Errorf("fetchRobots(%q) error %q", target, msg)
		}
	}
}

func TestFetchRobotsURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://example.com":                   "https://example.com/robots.txt",
		"https://Example.COM:8443/a/b?c=d#e":    "https://example.com:8443/robots.txt",
		"HTTP://example.com/robots.txt":         "http://example.com/robots.txt",
		"http://user:pw@example.com/x":          "http://example.com/robots.txt",
		"http://[::1]:8080/x":                   "http://[::1]:8080/robots.txt",
		"http://example.com/robots.txt?x#y":     "http://example.com/robots.txt",
		"https://xn--bcher-kva.example/b%C3%BC": "https://xn--bcher-kva.example/robots.txt",
	} {
		if got, err := robotsURL(in); got != want || err != nil {
			t.Errorf("robotsURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestFetchIsURL(t *testing.T) {
	for arg, want := range map[string]bool{
		"http://x": true, "https://x/robots.txt": true, "HTTPS://X": true, "Http://": true,
		"ftp://x": true, "file:///srv/robots.txt": true, "git+ssh://h/r": true, "http:/x": true, "https:x": true,
		"robots.txt": false, "-": false, "http": false, "./http://x": false, "": false, `C:\robots.txt`: false, "c://x": false,
		"mailto:a@b": false, "a b://x": false, "1x://y": false,
	} {
		if got := isURL(arg); got != want {
			t.Errorf("isURL(%q) = %v", arg, got)
		}
	}
}
