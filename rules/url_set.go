package rules

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
)

// urlSet is the set of URLs seen in the sitemaps of one site, for
// sitemap-duplicate-url: a set of 64-bit hashes of the URLs in open
// addressing tables, sharded by hash so that sitemaps checked on several
// cores rarely wait for each other. Its memory is bounded: each shard
// grows by doubling up to urlSetSlots/urlSetShards slots of 8 bytes, 32 MiB
// in all, and holds at most three quarters of them, so the set records
// about urlSetCapacity URLs (3,145,728: the fullest shard fills up at about
// 98% of that, 3.1 million, and from then on the URLs that hash to it are
// no longer recorded). Up to that,
// it is exact but for hash collisions: a URL is taken for one seen before
// with a probability of about n/2^64 after n URLs (one in 5.9 trillion
// after 3 million).
type urlSet struct {
	seed   maphash.Seed
	shards [urlSetShards]urlShard
	// full is set when a URL could not be recorded; fullTold when a
	// sitemap has said so, which one does for the whole site.
	full, fullTold atomic.Bool
}

// The bounds of a urlSet.
const (
	urlSetShards   = 64
	urlSetSlots    = 1 << 22 // 4,194,304 slots of 8 bytes: 32 MiB
	urlSetCapacity = urlSetSlots / 4 * 3
	urlShardSlots  = urlSetSlots / urlSetShards
	urlShardStart  = 1 << 10
)

// urlShard is one table of a urlSet: slots hold hashes, 0 for none.
type urlShard struct {
	mu    sync.Mutex
	slots []uint64
	n     int
}

func newURLSet() *urlSet { return &urlSet{seed: maphash.MakeSeed()} }

// add records url and reports whether it was seen before, and whether it
// is recorded now (false once the set is full: the URL may then still
// have been seen before without add knowing).
func (s *urlSet) add(url string) (seen, recorded bool) {
	h := maphash.String(s.seed, url)
	if h == 0 {
		h = 1 // 0 marks an empty slot
	}
	sh := &s.shards[h>>(64-6)]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.slots == nil {
		sh.slots = make([]uint64, urlShardStart)
	}
	if i, found := sh.find(h); found {
		return true, true
	} else if sh.n+1 <= len(sh.slots)/4*3 {
		sh.slots[i] = h
		sh.n++
		return false, true
	}
	if len(sh.slots) >= urlShardSlots {
		s.full.Store(true)
		return false, false
	}
	sh.grow()
	i, _ := sh.find(h)
	sh.slots[i] = h
	sh.n++
	return false, true
}

// find returns the slot that holds h, or the empty slot where it would go.
func (sh *urlShard) find(h uint64) (int, bool) {
	mask := uint64(len(sh.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch sh.slots[i] {
		case h:
			return int(i), true
		case 0:
			return int(i), false
		}
	}
}

// grow doubles the shard's table.
func (sh *urlShard) grow() {
	old := sh.slots
	sh.slots = make([]uint64, 2*len(old))
	for _, h := range old {
		if h != 0 {
			i, _ := sh.find(h)
			sh.slots[i] = h
		}
	}
}
