package lint

import (
	"fmt"
	"math"
	"strconv"
)

// An Option is a setting a rule takes in the configuration file. Reading a
// configuration checks each option's value against its declaration, so a
// rule reads its options with Seconds and never sees a value of another
// type or out of range.
type Option struct {
	Name string
	// Summary says what the option sets, lower case; the documentation
	// adds the default.
	Summary string
	// Kind is the type of value the option takes.
	Kind OptionKind
	// Default is the value when the configuration gives none; a Strings
	// option's default is an empty list.
	Default float64
	// Min and Max bound the value, both included.
	Min, Max float64
	// CheckItem, for a Strings option, says what is wrong with one item of
	// the list, or returns "" for an item the rule can read; nil accepts
	// any item that is not empty.
	CheckItem func(item string) string
}

// OptionKind is the type of value an option takes.
type OptionKind uint8

// The kinds of option.
const (
	// Seconds is a duration in seconds: a whole or decimal number.
	Seconds OptionKind = iota + 1
	// Strings is a list of strings, such as patterns a rule adds to its
	// own.
	Strings
)

// Doc is the option's summary with its default, as the documentation
// lists it.
func (o *Option) Doc() string {
	if o.Kind == Strings {
		return o.Summary + " (default none)"
	}
	return fmt.Sprintf("%s (default %s)", o.Summary, formatNumber(o.Default))
}

// Seconds returns the value options give o, or o's default. options are a
// rule's options as a configuration read by ParseConfig or CheckConfig
// holds them.
func (o *Option) Seconds(options map[string]any) float64 {
	if v, ok := options[o.Name].(float64); ok {
		return v
	}
	return o.Default
}

// Strings returns the list options give o, or nil.
func (o *Option) Strings(options map[string]any) []string {
	list, _ := options[o.Name].([]string)
	return list
}

// check returns v, a value as TOML or JSON decodes it, as a checked
// configuration holds it, or says what the option takes instead and what
// it was given.
func (o *Option) check(v any) (any, string) {
	switch o.Kind {
	case Seconds:
		n := math.NaN()
		switch v := v.(type) {
		case int64:
			n = float64(v)
		case float64:
			n = v
		}
		// NaN, which TOML can write, fails both comparisons.
		if !(n >= o.Min && n <= o.Max) {
			return nil, fmt.Sprintf("must be a number of seconds from %s to %s, not %s", formatNumber(o.Min), formatNumber(o.Max), describeValue(v))
		}
		return n, ""
	case Strings:
		items, ok := v.([]any)
		if !ok {
			return nil, "must be a list of strings, not " + describeValue(v)
		}
		list := make([]string, 0, len(items))
		for _, item := range items {
			s, ok := item.(string)
			if !ok || s == "" {
				return nil, "must be a list of strings that are not empty, not a list holding " + describeValue(item)
			}
			if o.CheckItem != nil {
				if why := o.CheckItem(s); why != "" {
					return nil, fmt.Sprintf("cannot hold %q: %s", s, why)
				}
			}
			list = append(list, s)
		}
		return list, ""
	}
	return nil, "cannot be set: the rule declares no type for it (please report it)"
}

func formatNumber(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }
