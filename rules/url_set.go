package rules

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
)

// urlSet is the set of URLs seen in the sitemaps of one site, for
// sitemap-duplicate-url: for each URL, a fingerprint of its hash and the
// lowest ordinal (lint.SitemapInput.Ordinal) of the sitemaps that listed
// it, packed in 8 bytes, in open addressing tables sharded by hash so
// that sitemaps checked on several cores rarely wait for each other.
//
// Its memory is bounded: each shard grows by doubling up to
// urlSetSlots/urlSetShards slots of 8 bytes, 32 MiB in all, and holds at
// most three quarters of them, so the set records about urlSetCapacity
// URLs (3,145,728: the fullest shard fills up at about 98% of that, 3.1
// million, and from then on the URLs that hash to it are no longer
// recorded). Up to that, it is exact but for hash collisions: a slot
// keeps urlFingerprintBits of the hash, and the shard is 6 more, so a URL
// is taken for one seen before with a probability of about n in 2^50
// after n URLs (one in 375 million after 3 million).
type urlSet struct {
	seed   maphash.Seed
	shards [urlSetShards]urlShard
	// full is set when a URL could not be recorded; fullTold when a
	// sitemap has said so, which one does for the whole site.
	full, fullTold atomic.Bool
}

// The bounds of a urlSet, and the layout of a slot: the fingerprint in
// the high bits, the ordinal in the low urlOrdinalBits (0 for an empty
// slot: the fingerprint is never 0).
const (
	urlSetShards       = 64
	urlSetSlots        = 1 << 22 // 4,194,304 slots of 8 bytes: 32 MiB
	urlSetCapacity     = urlSetSlots / 4 * 3
	urlShardSlots      = urlSetSlots / urlSetShards
	urlShardStart      = 1 << 10
	urlOrdinalBits     = 20
	urlFingerprintBits = 64 - urlOrdinalBits
	// urlMaxOrdinal is the highest ordinal a slot tells apart; the
	// sitemaps after the 1,048,575th share it (the walk reads at most
	// 50,000 unless told otherwise).
	urlMaxOrdinal = 1<<urlOrdinalBits - 1
)

// urlShard is one table of a urlSet.
type urlShard struct {
	mu    sync.Mutex
	slots []uint64
	n     int
}

func newURLSet() *urlSet { return &urlSet{seed: maphash.MakeSeed()} }

// hash returns the hash the set keys url by.
func (s *urlSet) hash(url string) uint64 { return maphash.String(s.seed, url) }

// visit records that the sitemap of ordinal ord lists the URL of hash h.
// It returns whether a sitemap listed the URL before (seen) and the
// lowest ordinal of those that did (first; the slot now keeps the lower
// of it and ord), and whether the URL is recorded (false once the set is
// full: the URL may then have been seen before without visit knowing).
func (s *urlSet) visit(h uint64, ord int) (first int, seen, recorded bool) {
	fp := h & (1<<urlFingerprintBits - 1) // the shard is the top bits
	if fp == 0 {
		fp = 1 // a slot of 0 is empty
	}
	o := uint64(min(max(ord, 0), urlMaxOrdinal))
	sh := &s.shards[h>>(64-6)]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.slots == nil {
		sh.slots = make([]uint64, urlShardStart)
	}
	i, found := sh.find(fp)
	if found {
		first = int(sh.slots[i] & urlMaxOrdinal)
		sh.slots[i] = fp<<urlOrdinalBits | min(o, uint64(first))
		return first, true, true
	}
	if sh.n+1 > len(sh.slots)/4*3 {
		if len(sh.slots) >= urlShardSlots {
			s.full.Store(true)
			return 0, false, false
		}
		sh.grow()
		i, _ = sh.find(fp)
	}
	sh.slots[i] = fp<<urlOrdinalBits | o
	sh.n++
	return 0, false, true
}

// find returns the slot that holds the fingerprint fp, or the empty slot
// where it would go.
func (sh *urlShard) find(fp uint64) (int, bool) {
	mask := uint64(len(sh.slots) - 1)
	for i := fp & mask; ; i = (i + 1) & mask {
		switch v := sh.slots[i]; {
		case v == 0:
			return int(i), false
		case v>>urlOrdinalBits == fp:
			return int(i), true
		}
	}
}

// grow doubles the shard's table.
func (sh *urlShard) grow() {
	old := sh.slots
	sh.slots = make([]uint64, 2*len(old))
	for _, v := range old {
		if v != 0 {
			i, _ := sh.find(v >> urlOrdinalBits)
			sh.slots[i] = v
		}
	}
}

// sitemapURLs is the set of URL hashes of one sitemap, which tells a URL
// listed twice in it from one another sitemap listed too: full 64-bit
// hashes in an open addressing table that grows by doubling up to
// sitemapURLSlots slots (2 MiB), holding at most seven eighths of them,
// 229,376 URLs: over four times what a sitemap may list (sitemap.MaxURLs).
// Filled that far, a table of 65,536 slots (512 KiB) holds the 50,000
// URLs of a full sitemap.
// The tables are reused (sitemapURLTables), so that a run allocates one
// per sitemap read at a time rather than one per sitemap.
type sitemapURLs struct {
	slots []uint64
	n     int
}

const (
	sitemapURLSlots    = 1 << 18
	sitemapURLCapacity = sitemapURLSlots / 8 * 7
	sitemapURLStart    = 1 << 10
)

// sitemapURLTables are the tables of the sitemaps of a site not in use:
// as many as sitemaps were read at once, at most.
type sitemapURLTables struct {
	mu   sync.Mutex
	free []*sitemapURLs
}

// get returns an empty table.
func (p *sitemapURLTables) get() *sitemapURLs {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.free); n > 0 {
		t := p.free[n-1]
		p.free = p.free[:n-1]
		return t
	}
	return &sitemapURLs{slots: make([]uint64, sitemapURLStart)}
}

// put empties t and keeps it for another sitemap. A table that grew for
// a large sitemap and served a small one is dropped rather than cleared,
// so that clearing costs no more than filling did.
func (p *sitemapURLTables) put(t *sitemapURLs) {
	if len(t.slots) > sitemapURLStart && t.n < len(t.slots)/8 {
		t.slots = make([]uint64, sitemapURLStart)
	} else {
		clear(t.slots)
	}
	t.n = 0
	p.mu.Lock()
	p.free = append(p.free, t)
	p.mu.Unlock()
}

// add records the hash h and reports whether the sitemap listed it
// before, and whether it is recorded (false once the table is full).
func (t *sitemapURLs) add(h uint64) (seen, recorded bool) {
	if h == 0 {
		h = 1 // a slot of 0 is empty
	}
	i, found := t.find(h)
	if found {
		return true, true
	}
	if t.n+1 > len(t.slots)/8*7 {
		if len(t.slots) >= sitemapURLSlots {
			return false, false
		}
		old := t.slots
		t.slots = make([]uint64, 2*len(old))
		for _, v := range old {
			if v != 0 {
				j, _ := t.find(v)
				t.slots[j] = v
			}
		}
		i, _ = t.find(h)
	}
	t.slots[i] = h
	t.n++
	return false, true
}

func (t *sitemapURLs) find(h uint64) (int, bool) {
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case h:
			return int(i), true
		case 0:
			return int(i), false
		}
	}
}
