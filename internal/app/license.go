package app

import (
	"regexp"
	"strings"

	"github.com/songsmith/songsmith/internal/jobs"
)

// The output licence (issue 20 item 7): SONGSMITH_OUTPUT_LICENSE names the
// licence of every song's files (an SPDX identifier or LicenseRef-...),
// SONGSMITH_OUTPUT_LICENSE_URL its terms. The default, CC0-1.0, and why:
// docs/api-extensions.md ("Rights").

// Warranty is the warranty disclaimer of every output licence.
const Warranty = "Provided as is, without warranty of any kind, to the extent the law allows."

// licenseURLs are the terms of licences whose URL the operator need not give.
var licenseURLs = map[string]string{
	"CC0-1.0":      "https://creativecommons.org/publicdomain/zero/1.0/",
	"CC-BY-4.0":    "https://creativecommons.org/licenses/by/4.0/",
	"CC-BY-SA-4.0": "https://creativecommons.org/licenses/by-sa/4.0/",
}

var (
	spdxRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9.+-]*$`)
	urlRE  = regexp.MustCompile(`^https?://[^\s]+$`)
)

// outputLicense reads the two variables into the licence results and
// files carry.
func (p *parser) outputLicense() jobs.License {
	id := p.str("SONGSMITH_OUTPUT_LICENSE")
	url := strings.TrimSpace(p.get("SONGSMITH_OUTPUT_LICENSE_URL"))
	if !spdxRE.MatchString(id) {
		p.fail("SONGSMITH_OUTPUT_LICENSE", "must be an SPDX licence identifier (CC0-1.0, CC-BY-4.0 ...) or LicenseRef-<name>")
	}
	if url == "" {
		switch {
		case licenseURLs[id] != "":
			url = licenseURLs[id]
		case strings.HasPrefix(id, "LicenseRef-"):
			p.fail("SONGSMITH_OUTPUT_LICENSE_URL", "must be set (the URL of the terms) when SONGSMITH_OUTPUT_LICENSE is a LicenseRef-")
		default:
			url = "https://spdx.org/licenses/" + id + ".html"
		}
	} else if !urlRE.MatchString(url) {
		p.fail("SONGSMITH_OUTPUT_LICENSE_URL", "must be an http(s) URL")
	}
	attr := "Credit \"Music: Songsmith\" as the terms ask."
	if id == "CC0-1.0" {
		attr = "None required (CC0-1.0 waives copyright); credit \"Music: Songsmith\" is welcome."
	}
	return jobs.License{ID: id, URL: url, Attribution: attr, Warranty: Warranty}
}
