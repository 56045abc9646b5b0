package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// testURL runs "robotslint test" with args, in which ROBOTS is a URL, and
// returns the status, standard output and standard error.
func testURL(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr strings.Builder
	status := run(append([]string{"test"}, args...), strings.NewReader(""), &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

// serve starts a server that answers every request with status and body.
func serve(t *testing.T, status int, body string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestTestURL checks "robotslint test" against live sites: how each case of
// RFC 9309 §2.3.1 decides the verdicts, and that the first line of the
// output says which case applied.
func TestTestURL(t *testing.T) {
	const robots = "User-agent: *\nDisallow: /private\n"
	ok := serve(t, 200, robots)
	missing := serve(t, 404, "not here")
	failing := serve(t, 503, "try later")
	forbidden := serve(t, 403, "no")
	page := serve(t, 200, "<!DOCTYPE html>\n<html><body>app shell</body></html>\n")
	five, _, _ := redirectServers(t, 5)
	six, _, _ := redirectServers(t, 6)
	tests := []struct {
		name   string
		args   []string
		status int
		want   []string // lines of the output, in order
	}{
		{"200", []string{"--agent", "FooBot", ok.URL + "/some/page", "/private/a", "/public"}, 1, []string{
			ok.URL + "/robots.txt answered 200 OK: crawlers obey its rules",
			"disallowed  FooBot  /private/a  line 2: Disallow: /private",
			"allowed     FooBot  /public     no rule matches in the group of *",
		}},
		{"404", []string{"--agent", "FooBot", missing.URL, "/private/a"}, 0, []string{
			missing.URL + "/robots.txt answered 404 Not Found: Google takes it as no robots.txt and may fetch everything",
			"allowed  FooBot  /private/a  robots.txt unavailable: the whole site is allowed",
		}},
		{"503", []string{"--agent", "FooBot", failing.URL, "/public"}, 1, []string{
			failing.URL + "/robots.txt answered 503 Service Unavailable: Google stops crawling the site for 12 hours, then obeys its last cached copy for up to 30 days, or allows everything when it has none",
			"disallowed  FooBot  /public  robots.txt unreachable: the whole site is disallowed for 12 hours, then the last cached copy applies",
		}},
		{"403 under every profile", []string{"--profile", "all", "--agent", "FooBot", forbidden.URL, "/public"}, 1, []string{
			forbidden.URL + "/robots.txt answered 403 Forbidden: Google, Bing, Yandex and RFC 9309 crawlers take it as no robots.txt and may fetch everything (RFC 9309 §2.3.1.3); 1994-standard crawlers take the whole site as disallowed (Koster's 1997 draft)",
			"allowed     FooBot  /public  google (disagree)   robots.txt unavailable: the whole site is allowed",
			"disallowed  FooBot  /public  legacy (disagree)   robots.txt answered 403: the 1997 draft restricts the whole site",
			"profiles disagree on 1 of 1 query",
		}},
		{"200 HTML", []string{"--agent", "FooBot", page.URL, "/private/a"}, 0, []string{
			page.URL + "/robots.txt answered 200 OK",
			"note: " + page.URL + "/robots.txt: this is an HTML page (`<!DOCTYPE html>`), not a robots.txt file: crawlers find no rules in it",
			"allowed  FooBot  /private/a  no group applies",
		}},
		{"5 redirects", []string{"--agent", "FooBot", five.URL, "/public"}, 1, []string{
			"(redirected 5 times, to ",
			"disallowed  FooBot  /public  line 2: Disallow: /",
		}},
		{"6 redirects", []string{"--agent", "FooBot", six.URL, "/public"}, 0, []string{
			six.URL + "/robots.txt was redirected more than 5 times: Google gives up and may fetch everything, as when there is no robots.txt",
			"allowed  FooBot  /public  robots.txt unavailable: the whole site is allowed",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, stdout, stderr := testURL(t, tt.args...)
			if status != tt.status || stderr != "" {
				t.Errorf("status %d, want %d; stderr %q", status, tt.status, stderr)
			}
			rest := stdout
			for _, line := range tt.want {
				i := strings.Index(rest, line)
				if i < 0 {
					t.Fatalf("output lacks %q after what came before:\n%s", line, stdout)
				}
				rest = rest[i+len(line):]
			}
		})
	}
}

// TestTestURLNoAnswer checks that a server that never answers ends in the
// timeout, with every URL disallowed.
func TestTestURLNoAnswer(t *testing.T) {
	srv := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) { <-done })
	status, stdout, _ := testURL(t, "--timeout", "200ms", "--agent", "FooBot", srv.URL, "/a")
	if status != exitFindings || !strings.Contains(stdout, "did not answer within 200ms") || !strings.Contains(stdout, "disallowed  FooBot  /a  robots.txt unreachable") {
		t.Errorf("status %d, output:\n%s", status, stdout)
	}
}

// TestTestURLTooLarge checks that only the first 500 KiB of a larger file
// are read and obeyed, and that the output says so.
func TestTestURLTooLarge(t *testing.T) {
	filler := strings.Repeat("# filler\n", 600<<10/9)
	srv := serve(t, 200, "User-agent: *\nDisallow: /early\n"+filler+"Disallow: /late\n")
	status, stdout, _ := testURL(t, "--agent", "FooBot", srv.URL, "/early", "/late")
	for _, want := range []string{"only the first 500 KiB were read", "disallowed  FooBot  /early  line 2", "allowed     FooBot  /late   no rule matches"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if status != exitFindings {
		t.Errorf("status %d", status)
	}
}

// TestTestURLJSON checks the "fetch" object of the JSON output.
func TestTestURLJSON(t *testing.T) {
	srv := serve(t, 404, "")
	_, stdout, _ := testURL(t, "--format", "json", "--agent", "FooBot", srv.URL, "/a")
	for _, want := range []string{`"fetch": {`, `"url": "` + srv.URL + `/robots.txt"`, `"status": 404`, `"outcome": "unavailable"`, `"redirects": 0`, `"allowed": true`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %s:\n%s", want, stdout)
		}
	}
}

// TestTestBadURL checks that a URL that cannot be fetched at all is a
// usage error.
func TestTestBadURL(t *testing.T) {
	status, _, stderr := testURL(t, "http://%zz/", "/a")
	if status != exitError || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "robotslint test: ") {
		t.Errorf("status %d, stderr %q", status, stderr)
	}
}

// TestTestURLByProfile checks each profile's verdict on a site whose
// robots.txt answers with an error status, as crawlerReadings has it.
func TestTestURLByProfile(t *testing.T) {
	tests := []struct {
		status  int
		allowed map[string]bool
	}{
		{401, map[string]bool{"google": true, "rfc9309": true, "bing": true, "yandex": true, "legacy": false}},
		{403, map[string]bool{"google": true, "rfc9309": true, "bing": true, "yandex": true, "legacy": false}},
		{404, map[string]bool{"google": true, "rfc9309": true, "bing": true, "yandex": true, "legacy": true}},
		{429, map[string]bool{"google": false, "rfc9309": true, "bing": true, "yandex": true, "legacy": false}},
		{500, map[string]bool{"google": false, "rfc9309": false, "bing": false, "yandex": true, "legacy": false}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.status), func(t *testing.T) {
			srv := serve(t, tt.status, "")
			_, stdout, stderr := testURL(t, "--format", "json", "--profile", "all", "--agent", "FooBot", srv.URL, "/a")
			var doc struct {
				Results []struct {
					Profile string
					Allowed bool
				}
			}
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatalf("%v: %s%s", err, stdout, stderr)
			}
			if len(doc.Results) != len(tt.allowed) {
				t.Fatalf("%d results, want %d: %s", len(doc.Results), len(tt.allowed), stdout)
			}
			for _, r := range doc.Results {
				if want := tt.allowed[r.Profile]; r.Allowed != want {
					t.Errorf("%s: allowed %v, want %v", r.Profile, r.Allowed, want)
				}
			}
		})
	}
}
