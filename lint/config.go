package lint

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/robotslint/robotslint/lint/match"
)

// ConfigFileName is the name of the configuration file, looked for in the
// linted file's directory and its parents.
const ConfigFileName = ".robotslint.toml"

// FindConfig looks for ConfigFileName in dir, an absolute directory, and
// then in its parents, reading each candidate with read (os.ReadFile on a
// real file system; the engine does no I/O of its own). It returns the
// path and contents of the nearest, or "" when there is none; an error
// other than fs.ErrNotExist stops the search.
func FindConfig(dir string, read func(path string) ([]byte, error)) (path string, data []byte, err error) {
	for {
		path = filepath.Join(dir, ConfigFileName)
		data, err = read(path)
		if err == nil {
			return path, data, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return path, nil, err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil, nil
		}
		dir = parent
	}
}

// A ConfigError is a mistake in a configuration.
type ConfigError struct {
	// Line is the line of the configuration file it is on, from 1, or 0
	// when that is not known (settings from an editor have no lines).
	Line int
	// Key is the setting it is about, such as rules.crawl-delay.max-delay,
	// or "" for a file TOML cannot read.
	Key string
	// Message says what is wrong, starting with the key when there is
	// one.
	Message string

	path []string // Key's parts, which may hold dots themselves
}

func (e *ConfigError) Error() string { return e.Message }

// ParseConfig reads a configuration file:
//
//	profiles = ["google", "bing", "yandex", "rfc9309", "legacy"]
//	site = "https://example.com"         # the origin the file is served for
//	pages = true                         # lint a site directory's HTML pages too
//
//	[rules]
//	crawl-delay = "off"                  # or error, warning, info, hint
//	blocks-resources = "warning"
//
//	[rules.crawl-delay]                  # a rule with options
//	severity = "info"
//	max-delay = 30
//
// CheckConfig checks the settings. A mistake is returned as a
// *ConfigError, the first in the file, with its line; the configuration
// returned with it holds the settings without mistakes, for a caller that
// carries on, such as an editor. It is nil when the file is not TOML.
func ParseConfig(data []byte, rules []*Rule) (*Config, error) {
	var top map[string]toml.Primitive
	md, err := toml.Decode(string(data), &top)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &ConfigError{Line: pe.Position.Line, Message: "not valid TOML: " + pe.Message}
		}
		return nil, &ConfigError{Message: "not valid TOML: " + strings.ReplaceAll(err.Error(), "\n", " ")}
	}
	values := make(map[string]any, len(top))
	for key, p := range top {
		var v any
		if err := md.PrimitiveDecode(p, &v); err != nil {
			return nil, &ConfigError{Key: key, Message: err.Error()}
		}
		values[key] = v
	}
	cfg, errs := CheckConfig(values, rules)
	if len(errs) == 0 {
		return cfg, nil
	}
	for _, e := range errs {
		e.Line = tomlLine(&md, top, e.path)
	}
	first := slices.MinFunc(errs, func(a, b *ConfigError) int { return cmp.Compare(a.Line, b.Line) })
	return cfg, first
}

// tomlLine returns the line of the setting at path, or of the nearest
// setting above it that TOML knows, or 0. TOML keeps the lines of keys to
// itself, but puts them in the errors it returns for them: decoding the
// setting into a value that refuses it gets one.
func tomlLine(md *toml.MetaData, top map[string]toml.Primitive, path []string) int {
	p, ok := top[path[0]]
	if !ok {
		return 0
	}
	for _, key := range path[1:] {
		var table map[string]toml.Primitive
		if md.PrimitiveDecode(p, &table) != nil {
			break
		}
		next, ok := table[key]
		if !ok {
			break
		}
		p = next
	}
	var pe toml.ParseError
	if errors.As(md.PrimitiveDecode(p, &lineProbe{}), &pe) {
		return pe.Position.Line
	}
	return 0
}

// lineProbe refuses any value, to make TOML say where it is.
type lineProbe struct{}

func (*lineProbe) UnmarshalTOML(any) error { return errors.New("probe") }

// CheckConfig reads a configuration decoded from TOML or JSON into maps,
// lists, strings, numbers and booleans, with the keys ParseConfig shows.
// Rule names are checked against rules, profile names against
// match.Profiles, option values against the rules' declarations, and
// every key must be known: a misspelled or mistyped setting is an error,
// never silently replaced by a default. A null value, which JSON settings
// use for a setting left unset, is left out. It returns the settings it
// could read and a ConfigError, without a line, for each mistake.
func CheckConfig(values map[string]any, rules []*Rule) (*Config, []*ConfigError) {
	var errs []*ConfigError
	fail := func(path []string, format string, args ...any) {
		errs = append(errs, &ConfigError{Key: strings.Join(path, "."), Message: fmt.Sprintf(format, args...), path: path})
	}
	cfg := &Config{}
	for _, key := range sortedKeys(values) {
		v := values[key]
		if v == nil {
			// JSON settings write null for a setting left unset.
			continue
		}
		switch key {
		case "profiles":
			list, ok := v.([]any)
			if !ok {
				fail([]string{key}, "profiles must be a list of profile names such as [\"google\", \"bing\"], not %s", describeValue(v))
				continue
			}
			cfg.Targets = []*match.Profile{}
			for _, item := range list {
				name, isString := item.(string)
				p := match.LookupProfile(name)
				switch {
				case !isString:
					fail([]string{key}, "profiles must be a list of profile names such as [\"google\", \"bing\"], not a list holding %s", describeValue(item))
				case p == nil:
					fail([]string{key}, "profiles: unknown profile %q: the profiles are %s", name, profileNames())
				case !slices.Contains(cfg.Targets, p):
					cfg.Targets = append(cfg.Targets, p)
				}
			}
			if len(cfg.Targets) == 0 && len(list) > 0 {
				// Every name was wrong: no targets at all is not what
				// was meant, so the default ones stay.
				cfg.Targets = nil
			}
		case "rules":
			table, ok := v.(map[string]any)
			if !ok {
				fail([]string{key}, "rules must be a table of rule names and severities, not %s", describeValue(v))
				continue
			}
			for _, name := range sortedKeys(table) {
				if table[name] == nil {
					continue
				}
				i := slices.IndexFunc(rules, func(r *Rule) bool { return r.Name == name })
				if i < 0 {
					fail([]string{"rules", name}, "rules: there is no rule named %q", name)
					continue
				}
				rc, ok := checkRuleConfig(rules[i], table[name], fail)
				if !ok {
					continue
				}
				if cfg.Rules == nil {
					cfg.Rules = make(map[string]RuleConfig)
				}
				cfg.Rules[name] = rc
			}
		case "site":
			str, ok := v.(string)
			if !ok {
				fail([]string{key}, "site must be the site's origin as a string, such as \"https://example.com\", not %s", describeValue(v))
				continue
			}
			site, err := ParseSite(str)
			if err != nil {
				fail([]string{key}, "site %v", err)
				continue
			}
			cfg.Site = site
		case "pages":
			b, ok := v.(bool)
			if !ok {
				fail([]string{key}, "pages must be true or false, not %s", describeValue(v))
				continue
			}
			cfg.Pages = b
		default:
			fail([]string{key}, "unknown setting %q: the settings are profiles, site, pages and rules", key)
		}
	}
	return cfg, errs
}

// checkRuleConfig reads rule r's setting, v: a severity, or a table with
// an optional severity and the rule's options. ok is false when there is
// nothing to keep.
func checkRuleConfig(r *Rule, v any, fail func(path []string, format string, args ...any)) (rc RuleConfig, ok bool) {
	path := []string{"rules", r.Name}
	key := "rules." + r.Name
	switch v := v.(type) {
	case string:
		s, err := ParseSeverity(v)
		if err != nil {
			fail(path, "%s: %v", key, err)
			return rc, false
		}
		return RuleConfig{Severity: s}, true
	case map[string]any:
		for _, name := range sortedKeys(v) {
			if v[name] == nil {
				continue
			}
			if name == "severity" {
				s, isString := v[name].(string)
				sev, err := ParseSeverity(s)
				switch {
				case !isString:
					fail(append(path, "severity"), "%s.severity must be error, warning, info, hint or off, not %s", key, describeValue(v[name]))
				case err != nil:
					fail(append(path, "severity"), "%s.severity: %v", key, err)
				default:
					rc.Severity = sev
				}
				continue
			}
			k := slices.IndexFunc(r.Options, func(o Option) bool { return o.Name == name })
			if k < 0 {
				fail(append(path, name), "%s: the rule has no option %q%s", key, name, optionNames(r))
				continue
			}
			value, why := r.Options[k].check(v[name])
			if why != "" {
				fail(append(path, name), "%s.%s %s", key, name, why)
				continue
			}
			if rc.Options == nil {
				rc.Options = make(map[string]any)
			}
			rc.Options[name] = value
		}
		return rc, true
	}
	fail(path, "%s must be a severity (error, warning, info, hint or off) or a table, not %s", key, describeValue(v))
	return rc, false
}

// optionNames says which options r takes, to follow an unknown one.
func optionNames(r *Rule) string {
	if len(r.Options) == 0 {
		return ": it takes none, only a severity"
	}
	var names []string
	for _, o := range r.Options {
		names = append(names, o.Name)
	}
	return ": its options are " + strings.Join(names, ", ")
}

// describeValue shows a value as the configuration wrote it, or says what
// kind of value it is.
func describeValue(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case bool, int64:
		return fmt.Sprint(v)
	case float64:
		return formatNumber(v)
	case []any, []map[string]any:
		return "a list"
	case map[string]any:
		return "a table"
	case nil:
		return "null"
	}
	return "a date"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func profileNames() string {
	var names []string
	for _, p := range match.Profiles() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}
