package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
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

// ParseConfig reads a configuration file:
//
//	profiles = ["google", "bing", "yandex", "rfc9309", "legacy"]
//
//	[rules]
//	crawl-delay = "off"                  # or error, warning, info, hint
//	blocks-resources = "warning"
//
//	[rules.misspelled-user-agent]          # a rule with options
//	severity = "info"
//
// Rule names are checked against rules, profile names against
// match.Profiles, and every key must be known: a misspelled setting is an
// error, not silently ignored. The error names the file's line where TOML
// knows it.
func ParseConfig(data []byte, rules []*Rule) (*Config, error) {
	var raw struct {
		Profiles []string       `toml:"profiles"`
		Rules    map[string]any `toml:"rules"`
	}
	md, err := toml.Decode(string(data), &raw)
	if err != nil {
		return nil, fmt.Errorf("%s", strings.ReplaceAll(err.Error(), "\n", " "))
	}
	// Keys under rules are checked below, against the rules and their
	// options; TOML counts the ones inside a rule's table as undecoded.
	for _, key := range md.Undecoded() {
		if key[0] != "rules" {
			return nil, fmt.Errorf("unknown setting %q: the settings are profiles and rules", key.String())
		}
	}
	cfg := &Config{}
	if md.IsDefined("profiles") {
		cfg.Targets = []*match.Profile{}
		for _, name := range raw.Profiles {
			p := match.LookupProfile(name)
			if p == nil {
				return nil, fmt.Errorf("profiles: unknown profile %q: the profiles are %s", name, profileNames())
			}
			if !slices.Contains(cfg.Targets, p) {
				cfg.Targets = append(cfg.Targets, p)
			}
		}
	}
	names := make([]string, 0, len(raw.Rules))
	for name := range raw.Rules {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		i := slices.IndexFunc(rules, func(r *Rule) bool { return r.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("rules: there is no rule named %q", name)
		}
		rc, err := parseRuleConfig(raw.Rules[name])
		if err != nil {
			return nil, fmt.Errorf("rules.%s: %v", name, err)
		}
		for key := range rc.Options {
			if !slices.ContainsFunc(rules[i].Options, func(o Option) bool { return o.Name == key }) {
				return nil, fmt.Errorf("rules.%s: the rule has no option %q", name, key)
			}
		}
		if cfg.Rules == nil {
			cfg.Rules = make(map[string]RuleConfig)
		}
		cfg.Rules[name] = rc
	}
	return cfg, nil
}

// parseRuleConfig reads a rule's setting: a severity, or a table with an
// optional severity and the rule's options.
func parseRuleConfig(v any) (RuleConfig, error) {
	var rc RuleConfig
	switch v := v.(type) {
	case string:
		s, err := ParseSeverity(v)
		rc.Severity = s
		return rc, err
	case map[string]any:
		for key, value := range v {
			if key != "severity" {
				if rc.Options == nil {
					rc.Options = make(map[string]any)
				}
				rc.Options[key] = value
				continue
			}
			name, ok := value.(string)
			if !ok {
				return rc, fmt.Errorf("severity must be a string")
			}
			s, err := ParseSeverity(name)
			if err != nil {
				return rc, err
			}
			rc.Severity = s
		}
		return rc, nil
	}
	return rc, fmt.Errorf("want a severity such as \"warning\", or a table")
}

func profileNames() string {
	var names []string
	for _, p := range match.Profiles() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}
