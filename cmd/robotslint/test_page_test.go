package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// pageSite serves a site for "robotslint test --page": a robots.txt that
// disallows /private/, and pages that carry their robots rules in META
// tags, X-Robots-Tag header lines (two of them on one page), behind a
// redirect, in a PDF, or nowhere (a 404).
func pageSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
	})
	html := func(headers []string, body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			for _, h := range headers {
				w.Header().Add("X-Robots-Tag", h)
			}
			w.Write([]byte(body))
		}
	}
	mux.HandleFunc("/private/offer.html", html([]string{"noindex"}, "<html><head><title>Offer</title></head><body>offer</body></html>\n"))
	mux.HandleFunc("/two.html", html(nil, "<!doctype html>\n<html><head>\n"+
		"<meta name=\"googlebot\" content=\"noindex\">\n"+
		"<meta name=\"bingbot\" content=\"nofollow, max-snippet:50\">\n"+
		"</head><body>two</body></html>\n"))
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("X-Robots-Tag", "noindex")
		http.Redirect(w, r, "/new.html", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/go", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/private/offer.html", http.StatusFound)
	})
	mux.HandleFunc("/new.html", html(nil, "<html><head><meta name=\"robots\" content=\"max-image-preview:large\"></head></html>\n"))
	mux.HandleFunc("/doc.pdf", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		w.Header().Add("X-Robots-Tag", "nofollow")
		w.Header().Add("X-Robots-Tag", "googlebot: noindex, unavailable_after: Wed, 03 Dec 2025 13:09:53 GMT")
		w.Write([]byte("%PDF-1.7\n"))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestTestPage checks "robotslint test --page" against a live site: per
// crawler, whether it may fetch the page and what it does with the page's
// robots rules, with the tag or header line that decides.
func TestTestPage(t *testing.T) {
	srv := pageSite(t)
	tests := []struct {
		name   string
		args   []string
		status int
		want   []string // lines of the output, in order
	}{
		{"noindex header behind a Disallow", []string{"--page", srv.URL + "/private/offer.html"}, 1, []string{
			srv.URL + "/robots.txt answered 200 OK: crawlers obey its rules (RFC 9309 §2.3.1.1)",
			srv.URL + "/private/offer.html answered 200 OK: 0 robots META tags, 1 X-Robots-Tag header line",
			"disallowed  Googlebot  google  line 2: Disallow: /private/",
			"    robots rules unseen: Googlebot may not fetch the page, so it never sees noindex (X-Robots-Tag line 1: noindex): the URL can still appear in its results, found through links, without a description",
			"disallowed  bingbot    bing    line 2: Disallow: /private/",
			"disallowed  Yandex     yandex  line 2: Disallow: /private/",
		}},
		{"two META tags for two crawlers", []string{"--page", srv.URL, "/two.html"}, 1, []string{
			srv.URL + "/two.html answered 200 OK: 2 robots META tags, 0 X-Robots-Tag header lines",
			"allowed     Googlebot  google  no rule matches in the group of *",
			`    index: no, noindex, line 3: <meta name="googlebot" content="noindex">`,
			"    follow: yes, no rule against it",
			"allowed     bingbot    bing    no rule matches in the group of *",
			"    index: yes, no rule against it",
			`    follow: no, nofollow, line 4: <meta name="bingbot" content="nofollow, max-snippet:50">`,
			`    snippet: yes, at most 50 characters, by max-snippet: 50, line 4: <meta name="bingbot" content="nofollow, max-snippet:50">`,
			"allowed     Yandex     yandex  no rule matches in the group of *",
			"    index: yes, no rule against it",
		}},
		{"a redirect's header is not the page's", []string{"--page", srv.URL + "/old"}, 0, []string{
			srv.URL + "/old (redirected to " + srv.URL + "/new.html) answered 200 OK: 1 robots META tag, 0 X-Robots-Tag header lines",
			"note: the redirect at " + srv.URL + "/old (301) sends X-Robots-Tag: noindex; crawlers follow the redirect and apply the rules of the page it leads to, not these",
			"allowed     Googlebot  google  no rule matches in the group of *",
			"    index: yes, no rule against it",
			`    also: max-image-preview: large (line 1: <meta name="robots" content="max-image-preview:large">)`,
		}},
		{"a redirect to a disallowed URL", []string{"--page", "--agent", "Googlebot", srv.URL + "/go"}, 1, []string{
			srv.URL + "/go (redirected to " + srv.URL + "/private/offer.html) answered 200 OK: 0 robots META tags, 1 X-Robots-Tag header line",
			"disallowed  Googlebot  google  redirected to " + srv.URL + "/private/offer.html, disallowed by line 2: Disallow: /private/",
			"    robots rules unseen: Googlebot may not fetch the page, so it never sees noindex (X-Robots-Tag line 1: noindex): the URL can still appear in its results, found through links, without a description",
		}},
		{"not HTML: every header line counts", []string{"--page", srv.URL + "/doc.pdf"}, 1, []string{
			srv.URL + "/doc.pdf answered 200 OK with application/pdf, not HTML: only its 2 X-Robots-Tag header lines count",
			"allowed     Googlebot  google  no rule matches in the group of *",
			"    index: no, noindex, X-Robots-Tag line 2: googlebot: noindex, unavailable_after: Wed, 03 Dec 2025 13:09:53 GMT",
			"    follow: no, nofollow, X-Robots-Tag line 1: nofollow",
			"allowed     bingbot    bing    no rule matches in the group of *",
			"    index: yes, no rule against it",
			"    follow: no, nofollow, X-Robots-Tag line 1: nofollow",
		}},
		{"no page", []string{"--page", "--agent", "Googlebot", srv.URL + "/missing"}, 0, []string{
			srv.URL + "/missing answered 404 Not Found: there is no page whose rules crawlers could read",
			"allowed     Googlebot  google  no rule matches in the group of *",
			"    robots rules unseen: " + srv.URL + "/missing answered 404 Not Found: there is no page whose rules crawlers could read",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, stdout, stderr := testURL(t, tt.args...)
			if status != tt.status || stderr != "" {
				t.Errorf("status %d, stderr %q; want status %d", status, stderr, tt.status)
			}
			wantInOrder(t, stdout, tt.want)
		})
	}
}

// wantInOrder checks that out holds the lines want, in order.
func wantInOrder(t *testing.T, out string, want []string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	at := 0
	for _, w := range want {
		for at < len(lines) && lines[at] != w {
			at++
		}
		if at == len(lines) {
			t.Fatalf("output lacks, in order, the line\n%s\noutput:\n%s", w, out)
		}
	}
}

// TestTestPageJSON checks the JSON of --page: the page's fetch, with its
// X-Robots-Tag lines, and per crawler the rules it never sees because
// robots.txt disallows the page.
func TestTestPageJSON(t *testing.T) {
	srv := pageSite(t)
	status, stdout, _ := testURL(t, "--page", "--format", "json", "--agent", "Googlebot", srv.URL+"/private/offer.html")
	var doc struct {
		Pages []struct {
			URL        string   `json:"url"`
			HTML       bool     `json:"html"`
			XRobotsTag []string `json:"xRobotsTag"`
		} `json:"pages"`
		Results []struct {
			Agent   string `json:"agent"`
			Allowed bool   `json:"allowed"`
			Line    int    `json:"line"`
			Page    struct {
				Seen   bool `json:"seen"`
				Index  *bool
				Hidden []struct {
					Rule   string `json:"rule"`
					Source string `json:"source"`
					Header int    `json:"header"`
				} `json:"hidden"`
			} `json:"page"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || status != exitFindings {
		t.Fatalf("status %d, %v:\n%s", status, err, stdout)
	}
	if len(doc.Pages) != 1 || !doc.Pages[0].HTML || len(doc.Pages[0].XRobotsTag) != 1 || doc.Pages[0].XRobotsTag[0] != "noindex" {
		t.Errorf("pages %+v", doc.Pages)
	}
	if len(doc.Results) != 1 {
		t.Fatalf("results %+v", doc.Results)
	}
	r := doc.Results[0]
	if r.Agent != "Googlebot" || r.Allowed || r.Line != 2 || r.Page.Seen || r.Page.Index != nil ||
		len(r.Page.Hidden) != 1 || r.Page.Hidden[0].Rule != "noindex" || r.Page.Hidden[0].Source != "header" || r.Page.Hidden[0].Header != 1 {
		t.Errorf("result %+v", r)
	}
}

// TestTestPageUsage checks the command lines --page refuses, each with a
// line that says what to write instead.
func TestTestPageUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--page", "robots.txt", "/a"}, `with --page, "/a" must be an http or https URL to fetch`},
		{[]string{"--page", "robots.txt"}, "no page to test: give its URL after the file"},
		{[]string{"--page", "--expect", "x.expect", "https://example.com"}, "--expect does not combine with --page"},
		{[]string{"--page", "https://example.com", "a.html"}, `with --page, "a.html" must be a path starting with / or an http or https URL`},
	} {
		status, _, stderr := testURL(t, tt.args...)
		if status != exitError || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q; want %q", tt.args, status, stderr, tt.want)
		}
	}
}
