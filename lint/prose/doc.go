// Package prose writes the parts of messages that depend on a number or on
// a list, so that they agree by construction: "1 rule" and "1,920 rules",
// "Google reads" and "Google and Bing read". Messages are read by
// webmasters, who notice "1 rule are lost" before the point it makes.
package prose
