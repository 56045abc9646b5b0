package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules"
)

// settings are what the client's configuration says, under the section
// "robotslint":
//
//	{"profiles": ["google", "bing"], "rules": {"crawl-delay": "off", "blocks-resources": "warning"}}
//
// They are laid over the .robotslint.toml found from each file's
// directory: the client's profiles replace the file's, and its rule
// severities replace the file's for the rules it names.
type settings struct {
	profiles []*match.Profile
	rules    map[string]lint.Severity
	// generation counts the settings received, to tell pull clients that
	// diagnostics changed.
	generation uint64
}

type settingsJSON struct {
	Profiles []string          `json:"profiles"`
	Rules    map[string]string `json:"rules"`
}

// parseSettings reads the "robotslint" section of the client's settings.
// null and {} mean no settings.
func parseSettings(raw []byte) (settings, error) {
	var set settings
	var js settingsJSON
	if len(raw) == 0 || string(raw) == "null" {
		return set, nil
	}
	if err := json.Unmarshal(raw, &js); err != nil {
		return set, fmt.Errorf("the robotslint settings are not an object: %v", err)
	}
	var errs []error
	for _, name := range js.Profiles {
		if p := match.LookupProfile(name); p != nil {
			set.profiles = append(set.profiles, p)
		} else {
			errs = append(errs, fmt.Errorf("unknown profile %q", name))
		}
	}
	for name, sev := range js.Rules {
		if rules.Lookup(name) == nil {
			errs = append(errs, fmt.Errorf("there is no rule named %q", name))
			continue
		}
		s, err := lint.ParseSeverity(sev)
		if err != nil {
			errs = append(errs, fmt.Errorf("rules.%s: %v", name, err))
			continue
		}
		if set.rules == nil {
			set.rules = map[string]lint.Severity{}
		}
		set.rules[name] = s
	}
	// What could be read applies; the rest is reported.
	return set, errors.Join(errs...)
}

// settingsFromNotification reads the settings a didChangeConfiguration
// notification carries: ok is false when it carries no "robotslint"
// section, and the client must be asked.
func settingsFromNotification(raw []byte) (set settings, ok bool, err error) {
	var top map[string]json.RawMessage
	if len(raw) == 0 || json.Unmarshal(raw, &top) != nil {
		return set, false, nil
	}
	section, ok := top["robotslint"]
	if !ok {
		return set, false, nil
	}
	set, err = parseSettings(section)
	return set, true, err
}

// configFor returns the configuration for the file at u: its
// .robotslint.toml, if it is a file on disk with one above it, with the
// client's settings laid over it. An unreadable or invalid configuration
// file is ignored here; the command line reports it.
func configFor(u uri.URI, set settings) *lint.Config {
	var cfg lint.Config
	if base := fileConfig(u); base != nil {
		cfg = *base
	}
	if set.profiles != nil {
		cfg.Targets = set.profiles
	}
	if len(set.rules) > 0 {
		merged := make(map[string]lint.RuleConfig, len(cfg.Rules)+len(set.rules))
		for name, rc := range cfg.Rules {
			merged[name] = rc
		}
		for name, sev := range set.rules {
			rc := merged[name]
			rc.Severity = sev
			merged[name] = rc
		}
		cfg.Rules = merged
	}
	return &cfg
}

// fileConfig finds and reads the .robotslint.toml above a file URI.
func fileConfig(u uri.URI) *lint.Config {
	if u.Scheme() != "file" {
		return nil // untitled: buffers and the like have no directory
	}
	_, data, err := lint.FindConfig(filepath.Dir(u.FsPath()), os.ReadFile)
	if data == nil || err != nil {
		return nil
	}
	cfg, err := lint.ParseConfig(data, rules.All())
	if err != nil {
		return nil
	}
	return cfg
}

// allRules is the catalogue the server lints with.
func allRules() []*lint.Rule { return rules.All() }
