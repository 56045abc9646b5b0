package rules

import "hash/maphash"

// patternSeed seeds the hashes of patterns; any seed does, as long as one run
// uses one.
var patternSeed = maphash.MakeSeed()

// patternTable maps pattern keys to rule indices: an open-addressing table,
// which costs a fraction of a Go map with struct keys on files of
// thousands of rules. Keys are hashes, so equal keys need checking.
type patternTable struct {
	slots []patternSlot
	mask  uint64
}

type patternSlot struct {
	key uint64
	val int32
}

func newPatternTable(n int) *patternTable {
	size := 16
	for size < n+n/2 {
		size <<= 1
	}
	return &patternTable{slots: make([]patternSlot, size), mask: uint64(size - 1)}
}

// patternKey makes a table key of a hash of a pattern and set and a kind;
// it is never 0, which marks an empty slot.
func patternKey(h uint64, kind int32) uint64 {
	h ^= uint64(kind+1) * 0xC2B2AE3D27D4EB4F
	if h == 0 {
		h = 1
	}
	return h
}

// lookup returns the first stored value under key h for which same
// returns true, or -1.
func (t *patternTable) lookup(h uint64, same func(int32) bool) int32 {
	for i := h & t.mask; t.slots[i].key != 0; i = (i + 1) & t.mask {
		if t.slots[i].key == h && same(t.slots[i].val) {
			return t.slots[i].val
		}
	}
	return -1
}

// find calls same for each stored value under key h, in insertion
// order, until it returns true, and returns that value; otherwise it
// stores v under h and returns -1.
func (t *patternTable) find(h uint64, v int32, same func(int32) bool) int32 {
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		switch sl := &t.slots[i]; sl.key {
		case 0:
			sl.key, sl.val = h, v
			return -1
		case h:
			if same(sl.val) {
				return sl.val
			}
		}
	}
}
