package rules

import (
	"bytes"
	"encoding/binary"
	"slices"
)

// literalPool holds the byte strings sortLiterals sorts where they are, in
// the source and an arena: string k is bytes start[k] to end[k] of the
// source followed by the arena. No string holds a NUL byte.
type literalPool struct {
	src, arena []byte
	start, end []int32
}

// from returns string k from byte d on.
func (p *literalPool) from(k int32, d int) []byte {
	i, e := min(int(p.start[k])+d, int(p.end[k])), int(p.end[k])
	if n := len(p.src); i >= n {
		return p.arena[i-n : e-n]
	}
	return p.src[i:e]
}

// chunk returns bytes d to d+8 of string k as a big-endian number, padded
// with zero bytes past its end: comparing chunks orders strings as
// bytes.Compare does, since no string holds a NUL.
func (p *literalPool) chunk(k int32, d int) uint64 {
	s := p.from(k, d)
	if len(s) >= 8 {
		return binary.BigEndian.Uint64(s)
	}
	var padded [8]byte
	copy(padded[:], s)
	return binary.BigEndian.Uint64(padded[:])
}

// sortLiterals sorts idx, the indices of strings of lits, by group, then
// by the strings, eight bytes at a time: it orders the strings by their
// chunk at one position, and moves to the next only within a run that is
// equal there. Identical strings, which a large file has by the thousand
// ("/" is the literal prefix of every "/*..." rule), then cost a pass per
// chunk, where a comparison sort compares them again and again. Large
// parts are sorted by radix (radixChunks), small ones by a multikey
// quicksort (Bentley and Sedgewick).
func sortLiterals(idx []int32, groups int, group func(int32) int32, lits *literalPool) {
	tmp := make([]int32, len(idx))
	// A stable counting sort by group first.
	count := make([]int32, groups+1)
	for _, k := range idx {
		count[group(k)+1]++
	}
	for g := 1; g < len(count); g++ {
		count[g] += count[g-1]
	}
	starts := slices.Clone(count)
	for _, k := range idx {
		g := group(k)
		tmp[count[g]] = k
		count[g]++
	}
	copy(idx, tmp)
	for g := 0; g < groups; g++ {
		radixChunks(idx[starts[g]:starts[g+1]], 0, lits)
	}
}

// radixChunks sorts a, whose strings agree on their first d bytes, by
// the chunk at d with a least-significant-byte-first radix sort, then the
// strings that agree on that chunk by the next one. The radix sort takes
// a few passes over the strings where a quicksort takes one per level of
// its partitioning, which with thousands of rules is the larger number.
func radixChunks(a []int32, d int, lits *literalPool) {
	if len(a) < 256 {
		multikey(a, d, lits)
		return
	}
	type rec struct {
		key uint64
		idx int32
	}
	src, dst := make([]rec, len(a)), make([]rec, len(a))
	for i, k := range a {
		src[i] = rec{lits.chunk(k, d), k}
	}
	// The counts of the eight bytes, in one pass over the keys rather
	// than one a byte: a pass moves the keys about but not the counts.
	var counts [8][256]int32
	for i := range src {
		key := src[i].key
		for pass := range counts {
			counts[pass][uint8(key>>(8*pass))]++
		}
	}
	for pass := 0; pass < 8; pass++ {
		shift := 8 * pass
		count := &counts[pass]
		if int(count[uint8(src[0].key>>shift)]) == len(src) {
			continue // every string has this byte here
		}
		at := int32(0)
		for b := range count {
			count[b], at = at, at+count[b]
		}
		for i := range src {
			b := uint8(src[i].key >> shift)
			dst[count[b]] = src[i]
			count[b]++
		}
		src, dst = dst, src
	}
	for i := range src {
		a[i] = src[i].idx
	}
	for i := 0; i < len(src); {
		j := i + 1
		for j < len(src) && src[j].key == src[i].key {
			j++
		}
		if run := a[i:j]; len(run) > 1 && src[i].key != 0 {
			// The strings that end within the chunk are equal and come
			// first; the others go on.
			e := 0
			for r := range run {
				if int(lits.end[run[r]]-lits.start[run[r]]) <= d+8 {
					run[r], run[e] = run[e], run[r]
					e++
				}
			}
			if len(run)-e > 1 {
				radixChunks(run[e:], d+8, lits)
			}
		}
		i = j
	}
}

func multikey(a []int32, d int, lits *literalPool) {
	for len(a) > 1 {
		if len(a) < 12 {
			for i := 1; i < len(a); i++ {
				for j := i; j > 0 && literalLess(lits, a[j], a[j-1], d); j-- {
					a[j], a[j-1] = a[j-1], a[j]
				}
			}
			return
		}
		// The median of three chunks as the pivot.
		x, y, z := lits.chunk(a[0], d), lits.chunk(a[len(a)/2], d), lits.chunk(a[len(a)-1], d)
		pivot := max(min(x, y), min(max(x, y), z))
		lt, i, gt := 0, 0, len(a)
		for i < gt {
			switch c := lits.chunk(a[i], d); {
			case c < pivot:
				a[lt], a[i] = a[i], a[lt]
				lt++
				i++
			case c > pivot:
				gt--
				a[i], a[gt] = a[gt], a[i]
			default:
				i++
			}
		}
		multikey(a[:lt], d, lits)
		multikey(a[gt:], d, lits)
		if pivot == 0 {
			return // the strings that end before d are equal
		}
		// Of the strings equal up to d+8, those that end there are equal
		// and come first; the others go on.
		eq, j := a[lt:gt], 0
		for i := range eq {
			if int(lits.end[eq[i]]-lits.start[eq[i]]) <= d+8 {
				eq[i], eq[j] = eq[j], eq[i]
				j++
			}
		}
		a, d = eq[j:], d+8
	}
}

// literalLess reports whether string a sorts before string b, both known to
// agree on their first d bytes.
func literalLess(lits *literalPool, a, b int32, d int) bool {
	return bytes.Compare(lits.from(a, d), lits.from(b, d)) < 0
}
