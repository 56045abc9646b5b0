package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
)

// settings are what the client's configuration says, under the section
// "robotslint", in the shape of .robotslint.toml:
//
//	{"profiles": ["google", "bing"], "rules": {"crawl-delay": {"max-delay": 30}, "blocks-resources": "warning"}}
//
// They are laid over the .robotslint.toml found from each file's
// directory: the client's profiles replace the file's, and the severities
// and options it gives a rule replace the file's.
type settings struct {
	overlay *lint.Config // nil for none
	// generation counts the settings received, to tell pull clients that
	// diagnostics changed.
	generation uint64
}

// parseSettings reads the "robotslint" section of the client's settings,
// checked as a .robotslint.toml is. null and {} mean no settings. What
// could be read applies; the error says what could not.
func parseSettings(raw []byte) (settings, error) {
	var set settings
	if len(raw) == 0 || string(raw) == "null" {
		return set, nil
	}
	var values map[string]any
	if err := json.Unmarshal(raw, &values); err != nil {
		return set, fmt.Errorf("the robotslint settings must be an object such as {\"profiles\": [\"google\"]}, not %s", raw)
	}
	cfg, mistakes := lint.CheckConfig(values, allRules())
	set.overlay = cfg
	if len(mistakes) == 0 {
		return set, nil
	}
	// One line for the log, however many mistakes.
	msgs := make([]string, len(mistakes))
	for i, m := range mistakes {
		msgs[i] = m.Message
	}
	return set, errors.New(strings.Join(msgs, "; "))
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
// client's settings laid over it. An unreadable configuration file is
// ignored here, as the command line reports it; the mistakes of one that
// reads go to mistakes, and what it says right applies.
func configFor(u uri.URI, set settings, mistakes *configLog) *lint.Config {
	var cfg lint.Config
	if base := fileConfig(u, mistakes); base != nil {
		cfg = *base
	}
	over := set.overlay
	if over == nil {
		return &cfg
	}
	if over.Targets != nil {
		cfg.Targets = over.Targets
	}
	if len(over.Rules) > 0 {
		// New maps: the settings' own serve every open file.
		merged := make(map[string]lint.RuleConfig, len(cfg.Rules)+len(over.Rules))
		maps.Copy(merged, cfg.Rules)
		for name, rc := range over.Rules {
			m := merged[name]
			if rc.Severity != 0 {
				m.Severity = rc.Severity
			}
			if len(rc.Options) > 0 {
				options := make(map[string]any, len(m.Options)+len(rc.Options))
				maps.Copy(options, m.Options)
				maps.Copy(options, rc.Options)
				m.Options = options
			}
			merged[name] = m
		}
		cfg.Rules = merged
	}
	return &cfg
}

// fileConfig finds and reads the .robotslint.toml above a file URI.
func fileConfig(u uri.URI, mistakes *configLog) *lint.Config {
	if u.Scheme() != "file" {
		return nil // untitled: buffers and the like have no directory
	}
	path, data, err := lint.FindConfig(filepath.Dir(u.FsPath()), os.ReadFile)
	if data == nil || err != nil {
		return nil
	}
	cfg, err := lint.ParseConfig(data, allRules())
	mistakes.note(path, err)
	return cfg
}

// configLog logs the mistakes of configuration files once each, rather
// than at every lint of every file under them.
type configLog struct {
	log  *log.Logger
	mu   sync.Mutex
	said map[string]string // path -> the mistake last logged, or ""
}

// note logs err, the mistake found in the configuration file at path, or
// nil for none, unless it was the last logged for that file.
func (c *configLog) note(path string, err error) {
	if c == nil {
		return
	}
	msg := ""
	var mistake *lint.ConfigError
	switch {
	case errors.As(err, &mistake) && mistake.Line > 0:
		msg = fmt.Sprintf("%s:%d: %v", path, mistake.Line, err)
	case err != nil:
		msg = fmt.Sprintf("%s: %v", path, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.said[path] == msg {
		return
	}
	if c.said == nil {
		c.said = map[string]string{}
	}
	c.said[path] = msg
	if msg != "" {
		c.log.Print(msg)
	}
}

// allRules is the catalogue the server lints with.
func allRules() []*lint.Rule { return rules.All() }
