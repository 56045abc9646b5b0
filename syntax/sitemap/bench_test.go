package sitemap

import (
	"bytes"
	"compress/gzip"
	"io"
	"runtime"
	"testing"
)

// BenchmarkReader reads a generated 50,000-URL sitemap (the sitemaps.org
// maximum, about 5 MB), plain and gzipped, and reports URLs per second and
// allocations per URL. "gunzip" only decompresses the gzipped one, with
// compress/gzip as the reader does: its share of "gzip" is the share of
// decompression in reading a gzipped sitemap.
func BenchmarkReader(b *testing.B) {
	var plain bytes.Buffer
	generate(&plain, MaxURLs)
	zipped := gz(b, plain.Bytes())
	for _, c := range []struct {
		name string
		src  []byte
	}{{"plain", plain.Bytes()}, {"gzip", zipped}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(plain.Len()))
			urls := 0
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			for b.Loop() {
				r := NewReader(bytes.NewReader(c.src))
				for it, ok := r.Next(); ok; it, ok = r.Next() {
					if !it.IsProblem() {
						urls++
					}
				}
			}
			runtime.ReadMemStats(&m1)
			b.ReportMetric(float64(urls)/b.Elapsed().Seconds(), "URLs/s")
			b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(urls), "allocs/URL")
		})
	}
	b.Run("gunzip", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(plain.Len()))
		buf := make([]byte, bufSize)
		for b.Loop() {
			zr, err := gzip.NewReader(bytes.NewReader(zipped))
			if err != nil {
				b.Fatal(err)
			}
			if _, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{zr}, buf); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(MaxURLs)*float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
	})
}
