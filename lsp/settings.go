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
// directory: the client's profiles and site replace the file's, and the
// severities and options it gives a rule replace the file's.
type settings struct {
	overlay *lint.Config // nil for none
	// generation counts the changes of configuration (settings received,
	// configuration files read again), to tell pull clients that
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
	cfg, mistakes := lint.CheckConfig(values, rules.All())
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
// client's settings laid over it.
func configFor(u uri.URI, set settings, files *configFiles) *lint.Config {
	var cfg lint.Config
	if u.Scheme() == "file" { // untitled: buffers and the like have no directory
		if base := files.find(filepath.Dir(u.FsPath())); base != nil {
			cfg = *base
		}
		cfg.FileName = filepath.Base(u.FsPath()) // for file-name
	}
	over := set.overlay
	if over == nil {
		return &cfg
	}
	if over.Targets != nil {
		cfg.Targets = over.Targets
	}
	if over.Site != "" {
		cfg.Site = over.Site
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

// configFiles finds the .robotslint.toml that applies in a directory, and
// remembers it: a lint at every keystroke must not walk up the tree and
// read and check the file again. What it remembers for a directory holds
// until forget is told of a change there or above (a watched file changed,
// a file was saved). An unreadable configuration file counts as none, as
// the command line reports it; the mistakes of one that reads go to
// mistakes, and what it says right applies.
type configFiles struct {
	read     func(path string) ([]byte, error) // os.ReadFile
	mistakes *configLog

	mu    sync.Mutex
	found map[string]*lint.Config // directory -> its configuration, nil for none
	// forgotten counts the calls of forget: a file read before one may be
	// stale, and is not remembered.
	forgotten uint64
}

func newConfigFiles(mistakes *configLog) *configFiles {
	return &configFiles{read: os.ReadFile, mistakes: mistakes, found: map[string]*lint.Config{}}
}

// find returns the configuration of the nearest .robotslint.toml in dir or
// above it, or nil when there is none.
func (c *configFiles) find(dir string) *lint.Config {
	c.mu.Lock()
	cfg, ok := c.found[dir]
	gen := c.forgotten
	c.mu.Unlock()
	if ok {
		return cfg
	}
	path, data, err := lint.FindConfig(dir, c.read)
	if data != nil && err == nil {
		cfg, err = lint.ParseConfig(data, rules.All())
		c.mistakes.note(path, err)
	}
	c.mu.Lock()
	if c.forgotten == gen {
		c.found[dir] = cfg
	}
	c.mu.Unlock()
	return cfg
}

// forget drops what was found for dir and the directories below it: a
// .robotslint.toml in dir, created, changed or deleted, applies there.
func (c *configFiles) forget(dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.forgotten++
	for d := range c.found {
		if rel, err := filepath.Rel(dir, d); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			delete(c.found, d)
		}
	}
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
