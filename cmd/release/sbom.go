package main

import (
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
)

// The SPDX 2.3 document: what security scanners (Grype, Trivy, GitHub's
// dependency graph) read to tell which modules a binary holds. Only the
// fields a bill of materials of packages needs are written.
type spdxDoc struct {
	SPDXVersion       string             `json:"spdxVersion"`
	DataLicense       string             `json:"dataLicense"`
	SPDXID            string             `json:"SPDXID"`
	Name              string             `json:"name"`
	DocumentNamespace string             `json:"documentNamespace"`
	CreationInfo      spdxCreationInfo   `json:"creationInfo"`
	Packages          []spdxPackage      `json:"packages"`
	Relationships     []spdxRelationship `json:"relationships"`
}

type spdxCreationInfo struct {
	Created  string   `json:"created"`
	Creators []string `json:"creators"`
}

type spdxPackage struct {
	Name             string       `json:"name"`
	SPDXID           string       `json:"SPDXID"`
	VersionInfo      string       `json:"versionInfo"`
	DownloadLocation string       `json:"downloadLocation"`
	FilesAnalyzed    bool         `json:"filesAnalyzed"`
	LicenseDeclared  string       `json:"licenseDeclared,omitempty"`
	Comment          string       `json:"comment,omitempty"`
	ExternalRefs     []spdxExtRef `json:"externalRefs,omitempty"`
	PrimaryPurpose   string       `json:"primaryPackagePurpose,omitempty"`
}

type spdxExtRef struct {
	Category string `json:"referenceCategory"`
	Type     string `json:"referenceType"`
	Locator  string `json:"referenceLocator"`
}

type spdxRelationship struct {
	Element string `json:"spdxElementId"`
	Type    string `json:"relationshipType"`
	Related string `json:"relatedSpdxElement"`
}

// spdxDocument describes release v: robotslint itself, the Go standard
// library it was compiled with, and every module the binaries hold, read
// from the build information Go writes into each binary, so that the list
// is what was compiled in rather than what go.mod mentions.
func spdxDocument(v string, c commit, plats []platform, binaries []string) ([]byte, error) {
	var goVersion string
	var deps []*spdxModule
	seen := map[string]bool{}
	for _, bin := range binaries {
		info, err := buildinfo.ReadFile(bin)
		if err != nil {
			return nil, fmt.Errorf("reading the build information of %s: %v", bin, err)
		}
		if goVersion != "" && info.GoVersion != goVersion {
			return nil, fmt.Errorf("%s was built with %s, the others with %s", bin, info.GoVersion, goVersion)
		}
		goVersion = info.GoVersion
		for _, d := range info.Deps {
			m := &spdxModule{path: d.Path, version: d.Version, sum: d.Sum}
			if d.Replace != nil {
				m.path, m.version, m.sum = d.Replace.Path, d.Replace.Version, d.Replace.Sum
			}
			if key := m.path + "@" + m.version; !seen[key] {
				seen[key] = true
				deps = append(deps, m)
			}
		}
	}
	slices.SortFunc(deps, func(a, b *spdxModule) int { return strings.Compare(a.path+"@"+a.version, b.path+"@"+b.version) })

	const self = "SPDXRef-Package-robotslint"
	doc := spdxDoc{
		SPDXVersion:       "SPDX-2.3",
		DataLicense:       "CC0-1.0",
		SPDXID:            "SPDXRef-DOCUMENT",
		Name:              "robotslint-" + v,
		DocumentNamespace: "https://github.com/robotslint/robotslint/releases/v" + v + "/" + c.hash + "/sbom",
		CreationInfo: spdxCreationInfo{
			Created:  c.time.UTC().Format(time.RFC3339),
			Creators: []string{"Organization: robotslint", "Tool: robotslint-release"},
		},
	}
	doc.Packages = append(doc.Packages, spdxPackage{
		Name:             "robotslint",
		SPDXID:           self,
		VersionInfo:      "v" + v,
		DownloadLocation: "git+https://github.com/robotslint/robotslint@" + c.hash,
		LicenseDeclared:  "MIT",
		PrimaryPurpose:   "APPLICATION",
		Comment:          "binaries for " + strings.Join(platformNames(plats), ", ") + ", built with " + goVersion,
		ExternalRefs:     []spdxExtRef{purl("github.com/robotslint/robotslint", "v"+v)},
	})
	doc.Relationships = append(doc.Relationships, spdxRelationship{"SPDXRef-DOCUMENT", "DESCRIBES", self})
	std := spdxPackage{
		Name:             "stdlib",
		SPDXID:           "SPDXRef-Package-stdlib",
		VersionInfo:      goVersion,
		DownloadLocation: "https://go.dev/dl/",
		LicenseDeclared:  "BSD-3-Clause",
		PrimaryPurpose:   "LIBRARY",
		ExternalRefs:     []spdxExtRef{purl("stdlib", goVersion)},
	}
	doc.Packages = append(doc.Packages, std)
	doc.Relationships = append(doc.Relationships, spdxRelationship{self, "DEPENDS_ON", std.SPDXID})
	for i, m := range deps {
		id := fmt.Sprintf("SPDXRef-Package-go-module-%d", i+1)
		p := spdxPackage{
			Name:             m.path,
			SPDXID:           id,
			VersionInfo:      m.version,
			DownloadLocation: "https://proxy.golang.org/" + escapeModulePath(m.path) + "/@v/" + m.version + ".zip",
			PrimaryPurpose:   "LIBRARY",
			ExternalRefs:     []spdxExtRef{purl(m.path, m.version)},
		}
		if m.sum != "" {
			// The go.sum hash of the module's files, which is no checksum
			// SPDX knows: a comment keeps it for the reader.
			p.Comment = "go.sum " + m.sum
		}
		doc.Packages = append(doc.Packages, p)
		doc.Relationships = append(doc.Relationships, spdxRelationship{self, "DEPENDS_ON", id})
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

type spdxModule struct{ path, version, sum string }

// purl is a module's package URL, which scanners match advisories on.
func purl(path, version string) spdxExtRef {
	return spdxExtRef{"PACKAGE-MANAGER", "purl", "pkg:golang/" + path + "@" + url.PathEscape(version)}
}

// escapeModulePath escapes capitals as the module proxy's URLs do:
// github.com/BurntSushi/toml is github.com/!burnt!sushi/toml there.
func escapeModulePath(path string) string {
	var b strings.Builder
	for _, r := range path {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('!')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
