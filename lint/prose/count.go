package prose

import "strconv"

// Int writes n with a comma between each group of three digits: "1,920",
// "16,663", "-1,000".
func Int(n int) string {
	s := strconv.Itoa(n)
	digits := s
	sign := ""
	if n < 0 {
		sign, digits = "-", s[1:]
	}
	for i := len(digits) - 3; i > 0; i -= 3 {
		digits = digits[:i] + "," + digits[i:]
	}
	return sign + digits
}

// Count writes n, as Int does, followed by the noun in the singular (one)
// when n is 1 and in the plural (many) otherwise: "1 rule", "0 rules",
// "1,920 pages".
func Count(n int, one, many string) string {
	return Int(n) + " " + Choose(n, one, many)
}

// Choose returns one when n is 1 and many otherwise, for the words that
// follow a number written elsewhere: "the rule below belongs", "the 3 rules
// below belong".
func Choose(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
