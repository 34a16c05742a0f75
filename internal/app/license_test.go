package app_test

import (
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/app/generator"
	"github.com/songsmith/songsmith/internal/studio"
)

// TestLoadOutputLicense: SONGSMITH_OUTPUT_LICENSE(_URL) become the licence
// that the generator writes into results and files (the one road:
// config -> generator -> studio), CC0-1.0 by default; a LicenseRef needs
// its URL, and a malformed id or URL is a configuration error.
func TestLoadOutputLicense(t *testing.T) {
	load := func(env map[string]string) (app.Config, error) {
		return app.Load(func(k string) string { return env[k] })
	}
	cfg, err := load(nil)
	if err != nil || cfg.OutputLicense.ID != "CC0-1.0" || cfg.OutputLicense.URL != "https://creativecommons.org/publicdomain/zero/1.0/" ||
		cfg.OutputLicense.Attribution == "" || cfg.OutputLicense.Warranty == "" {
		t.Fatalf("default licence %+v, %v", cfg.OutputLicense, err)
	}
	cfg, err = load(map[string]string{"SONGSMITH_OUTPUT_LICENSE": "LicenseRef-Acme-Music", "SONGSMITH_OUTPUT_LICENSE_URL": "https://acme.example/terms"})
	if err != nil || cfg.OutputLicense.ID != "LicenseRef-Acme-Music" || cfg.OutputLicense.URL != "https://acme.example/terms" {
		t.Fatalf("LicenseRef: %+v, %v", cfg.OutputLicense, err)
	}
	st := generator.New(cfg).(*studio.Studio)
	if st.License == nil || *st.License != cfg.OutputLicense || st.Bank == "" {
		t.Fatalf("the generator's licence %+v, bank %q", st.License, st.Bank)
	}
	if cfg, err = load(map[string]string{"SONGSMITH_OUTPUT_LICENSE": "MIT"}); err != nil || cfg.OutputLicense.URL != "https://spdx.org/licenses/MIT.html" {
		t.Fatalf("MIT: %+v, %v", cfg.OutputLicense, err)
	}
	for _, env := range []map[string]string{
		{"SONGSMITH_OUTPUT_LICENSE": "LicenseRef-Acme"},
		{"SONGSMITH_OUTPUT_LICENSE": "CC0 1.0"},
		{"SONGSMITH_OUTPUT_LICENSE_URL": "ftp://x"},
	} {
		if _, err := load(env); err == nil || !strings.Contains(err.Error(), "SONGSMITH_OUTPUT_LICENSE") {
			t.Errorf("%v: %v, want an error naming the variable", env, err)
		}
	}
}
