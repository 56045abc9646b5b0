package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// openSitemap opens loc through an HTTP source with a short timeout and
// returns the whole body, or the error; it fails if the open hangs.
func openSitemap(t *testing.T, src *httpSitemapSource, loc string) (string, error) {
	t.Helper()
	start := time.Now()
	defer func() {
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("fetching %s took %v", loc, d)
		}
	}()
	body, err := src.open(t.Context(), loc)
	if err != nil {
		if msg := err.Error(); strings.ContainsAny(msg, "\r\n") {
			t.Errorf("error %q is not one line", msg)
		}
		return "", err
	}
	defer body.Close()
	data, err := io.ReadAll(body)
	return string(data), err
}

const smallSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a</loc></url></urlset>
`

func TestSitemapSourceOK(t *testing.T) {
	agents := make(chan string, 10)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		agents <- r.UserAgent()
		switch r.URL.Path {
		case "/sitemap.xml":
			fmt.Fprint(w, smallSitemap)
		case "/sitemap.xml.gz":
			// A gzip file as served: the reader decompresses it.
			w.Header().Set("Content-Type", "application/gzip")
			fmt.Fprint(w, gzipped(t, smallSitemap))
		case "/encoded.xml":
			// Compressed for the transfer only: the client decompresses it.
			if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
				t.Errorf("Accept-Encoding %q", r.Header.Get("Accept-Encoding"))
			}
			w.Header().Set("Content-Encoding", "gzip")
			fmt.Fprint(w, gzipped(t, smallSitemap))
		case "/old.xml":
			http.Redirect(w, r, "/sitemap.xml", http.StatusMovedPermanently)
		}
	}))
	t.Cleanup(srv.Close)
	src := newHTTPSitemapSource(fetchOptions{Timeout: 5 * time.Second, UserAgent: "test-agent/1"}, 0)
	var fetched atomic.Int64 // what the progress line is told of
	src.fetched = func(n int) { fetched.Add(int64(n)) }
	var served int64
	for path, want := range map[string]string{
		"/sitemap.xml":    smallSitemap,
		"/sitemap.xml.gz": gzipped(t, smallSitemap),
		"/encoded.xml":    smallSitemap,
		"/old.xml":        smallSitemap,
	} {
		got, err := openSitemap(t, src, srv.URL+path)
		if err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", path, got, err, want)
		}
		served += int64(len(got))
	}
	if fetched.Load() != served {
		t.Errorf("the progress was told of %d bytes, %d were read", fetched.Load(), served)
	}
	for len(agents) > 0 {
		if a := <-agents; a != "test-agent/1" {
			t.Errorf("User-Agent %q", a)
		}
	}
	if src.fetches != defaultSitemapFetches {
		t.Errorf("%d fetches at once by default, want %d", src.fetches, defaultSitemapFetches)
	}
}

func TestSitemapSourceFailures(t *testing.T) {
	stuck := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		if r.URL.Path == "/trickle.xml" {
			fmt.Fprint(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
			w.(http.Flusher).Flush()
		}
		select {
		case <-done:
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/gone.xml":
			http.Redirect(w, r, "/missing.xml", http.StatusFound)
		case "/loop.xml":
			http.Redirect(w, r, "/loop2.xml", http.StatusMovedPermanently)
		case "/loop2.xml":
			http.Redirect(w, r, "/loop.xml", http.StatusMovedPermanently)
		case "/error.xml":
			w.WriteHeader(http.StatusServiceUnavailable)
		case "/nowhere.xml":
			w.WriteHeader(http.StatusFound)
		case "/empty.xml":
			w.WriteHeader(http.StatusNoContent)
		case "/home.xml":
			fmt.Fprint(w, "\n  <!DOCTYPE html>\n<html lang=en><title>Shop</title>")
		case "/comment.xml":
			// An XML sitemap may start with a comment; it is no HTML.
			fmt.Fprint(w, "<!-- generated -->\n"+smallSitemap)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	src := newHTTPSitemapSource(fetchOptions{Timeout: 200 * time.Millisecond}, 2)
	for _, tt := range []struct {
		loc, want string
	}{
		{srv.URL + "/missing.xml", "answered 404 Not Found"},
		{srv.URL + "/gone.xml", "answered 404 Not Found, after a redirect to " + srv.URL + "/missing.xml"},
		{srv.URL + "/loop.xml", "redirects in a loop: " + srv.URL + "/loop.xml → " + srv.URL + "/loop2.xml → " + srv.URL + "/loop.xml"},
		{srv.URL + "/error.xml", "answered 503 Service Unavailable"},
		{srv.URL + "/empty.xml", "answered 204 No Content, not 200 OK"},
		{srv.URL + "/nowhere.xml", "answered 302 Found with no redirect to follow"},
		{srv.URL + "/home.xml", "answered 200 OK with an HTML page, not a sitemap: it starts `<!DOCTYPE html>`"},
		{stuck.URL + "/slow.xml", "did not answer within 200ms, the --timeout"},
		{"ftp://example.com/sitemap.xml", "is not an http or https URL"},
		{"https:///sitemap.xml", "is a URL without a host"},
	} {
		_, err := openSitemap(t, src, tt.loc)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error %v, want %q", tt.loc, err, tt.want)
		}
	}
	if got, err := openSitemap(t, src, srv.URL+"/comment.xml"); err != nil || !strings.HasPrefix(got, "<!-- generated -->") {
		t.Errorf("a sitemap starting with a comment: %q, %v", got, err)
	}

	// A body that stops coming ends in an error its reader reports, after
	// what did come.
	got, err := openSitemap(t, src, stuck.URL+"/trickle.xml")
	if want := "the server stopped sending the sitemap: nothing came for 200ms, the --timeout"; err == nil || err.Error() != want || !strings.HasPrefix(got, "<?xml") {
		t.Errorf("a stalled body: %q, %v; want the start and %q", got, err, want)
	}
}

func TestSitemapSourceCap(t *testing.T) {
	chunk := bytes.Repeat([]byte("<url><loc>https://example.com/x</loc></url>\n"), 1000)
	srv := blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		// An endless sitemap: only the cap ends it.
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
	src := newHTTPSitemapSource(fetchOptions{Timeout: 5 * time.Second}, 0)
	src.maxBytes = 100 << 10
	got, err := openSitemap(t, src, srv.URL+"/endless.xml")
	if len(got) != 100<<10 || err == nil || !strings.Contains(err.Error(), "robotslint stops reading a sitemap after 100 KiB as served") {
		t.Errorf("read %d bytes, error %v", len(got), err)
	}
}
