package app_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadDefaults(t *testing.T) {
	c, err := app.Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := jobstest.Config()
	if c.Service != want || c.Backend != "embedded" || c.Addr != "127.0.0.1:8080" || c.BaseURL != "http://127.0.0.1:8080" ||
		c.Workers != 2 || c.MaxBodyBytes != 16384 || c.AudioFormat != "mp3" || c.MP3Bitrate != 192 || c.MaxAttempts != 3 {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestLoadValues(t *testing.T) {
	c, err := app.Load(env(map[string]string{
		"SONGSMITH_SUBMIT_RATE": "5/30s", "SONGSMITH_POLL_RATE": "off", "SONGSMITH_RETENTION": "24h",
		"SONGSMITH_API_KEYS": " ss_abcd1234_0123456789abcdef0123 , ", "SONGSMITH_AUDIO_FORMAT": "WAV",
		"SONGSMITH_BASE_URL": "https://songs.example.com/",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Service.SubmitRate != (jobs.Rate{N: 5, Per: 30 * time.Second}) || c.Service.PollRate.N != 0 ||
		c.Service.Retention != 24*time.Hour || len(c.APIKeys) != 1 || c.AudioFormat != "wav" || c.BaseURL != "https://songs.example.com" {
		t.Fatalf("%+v", c)
	}
}

func TestLoadErrInvalid(t *testing.T) {
	for name, kv := range map[string][2]string{
		"Backend":      {"SONGSMITH_BACKEND", "postgres"},
		"Workers":      {"SONGSMITH_WORKERS", "zero"},
		"Rate":         {"SONGSMITH_SUBMIT_RATE", "10 per minute"},
		"Duration":     {"SONGSMITH_URL_TTL", "-1h"},
		"Key":          {"SONGSMITH_API_KEYS", "hunter2"},
		"Format":       {"SONGSMITH_AUDIO_FORMAT", "aac"},
		"Bitrate":      {"SONGSMITH_MP3_BITRATE", "96"},
		"LogLevel":     {"SONGSMITH_LOG_LEVEL", "loud"},
		"Retention":    {"SONGSMITH_RETENTION", "10s"},
		"SigningKey":   {"SONGSMITH_SIGNING_KEY", "x"},
		"SigningKey31": {"SONGSMITH_SIGNING_KEY", strings.Repeat("k", 31)},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := app.Load(env(map[string]string{kv[0]: kv[1]}))
			if err == nil || !strings.Contains(err.Error(), kv[0]) {
				t.Fatalf("err = %v, want one naming %s", err, kv[0])
			}
		})
	}
}

// The README's configuration table and app.Vars list the same variables
// with the same defaults.
func TestREADMEListsEveryVariable(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `((?:SONGSMITH|AWS)_[A-Z0-9_]+)` \\| ([^|]+) \\|")
	inReadme := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(raw), -1) {
		inReadme[m[1]] = strings.Trim(strings.TrimSpace(m[2]), "`")
	}
	for _, v := range app.Vars {
		def, ok := inReadme[v.Name]
		if !ok {
			t.Errorf("README lacks %s", v.Name)
			continue
		}
		if want := v.Default; want != "" && def != want {
			t.Errorf("README default of %s is %q, config says %q", v.Name, def, want)
		}
		delete(inReadme, v.Name)
	}
	for name := range inReadme {
		t.Errorf("README lists %s, which the configuration does not read", name)
	}
}

// TestEveryVariableIsListed: every SONGSMITH_* name that the code (test
// files aside), the template, the Makefiles, the scripts, env.json, the
// README or the pages of docs/ mention is a variable of app.Vars, so the
// configuration table misses none and documents no misspelt one. The
// documentation may also name variables that only tests read (such as
// SONGSMITH_SCREENSHOTS in docs/testing.md).
func TestEveryVariableIsListed(t *testing.T) {
	listed := map[string]bool{}
	for _, v := range app.Vars {
		listed[v.Name] = true
	}
	name := regexp.MustCompile(`SONGSMITH_[A-Z0-9_]*[A-Z0-9]`)
	root := filepath.Join("..", "..")
	found := map[string][]string{} // name -> the files that mention it
	inTests := map[string]bool{}   // names test files read
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") && d.Name() != ".github" || d.Name() == "build" || d.Name() == "data" || d.Name() == "node_modules" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		base := d.Name()
		switch {
		case strings.HasSuffix(base, "_test.go"):
			b, err := os.ReadFile(path)
			for _, n := range name.FindAllString(string(b), -1) {
				inTests[n] = true
			}
			return err
		case strings.HasSuffix(base, ".go"), strings.HasSuffix(base, ".yaml"), strings.HasSuffix(base, ".yml"), strings.HasSuffix(base, ".sh"),
			strings.HasSuffix(base, ".toml"), base == "env.json", isDoc(rel), strings.HasPrefix(base, "Makefile"):
		default:
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, n := range name.FindAllString(string(b), -1) {
			if !slices.Contains(found[n], rel) {
				found[n] = append(found[n], rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !listed["SONGSMITH_TABLE"] || len(found["SONGSMITH_TABLE"]) == 0 {
		t.Fatalf("the scan found %d names: it reads the tree wrongly", len(found))
	}
	for n, files := range found {
		testOnly := inTests[n] && !slices.ContainsFunc(files, func(f string) bool { return !isDoc(f) })
		if !listed[n] && !testOnly {
			t.Errorf("%v name %s, which app.Vars (and so the README's table) lacks", files, n)
		}
	}
}

// isDoc reports whether a file (relative to the repository's root) is
// documentation: a README or a page of docs/.
func isDoc(rel string) bool {
	rel = filepath.ToSlash(rel)
	return filepath.Base(rel) == "README.md" || strings.HasPrefix(rel, "docs/") && strings.HasSuffix(rel, ".md")
}

// The SDK (standard library only, so it cannot read app.Vars) names the
// same client variables and default URL as the table.
func TestClientVariablesAreListed(t *testing.T) {
	for _, name := range []string{client.EnvURL, client.EnvAPIKey, client.EnvAPIKeyDeprecated} {
		if !slices.ContainsFunc(app.Vars, func(v app.Env) bool { return v.Name == name }) {
			t.Errorf("app.Vars lacks %s, which the client reads", name)
		}
	}
	if got := app.Default(client.EnvURL); got != client.DefaultBaseURL {
		t.Errorf("default of %s: app.Vars %q, client %q", client.EnvURL, got, client.DefaultBaseURL)
	}
}

func TestSigningKeyOf32BytesIsAccepted(t *testing.T) {
	c, err := app.Load(env(map[string]string{"SONGSMITH_SIGNING_KEY": strings.Repeat("k", 32)}))
	if err != nil || len(c.SigningKey) != 32 {
		t.Fatalf("%v, key of %d bytes", err, len(c.SigningKey))
	}
}

// The start banner shows a SONGSMITH_API_KEYS key only while it works.
func TestActiveKeySkipsRevokedKeys(t *testing.T) {
	ctx := context.Background()
	a, b := "ss_aaaaaaaaaaaa_secretsecretsecretsecret", "ss_bbbbbbbbbbbb_secretsecretsecretsecret"
	cfg, err := app.Load(env(map[string]string{"SONGSMITH_DATA_DIR": t.TempDir(), "SONGSMITH_API_KEYS": a + "," + b}))
	if err != nil {
		t.Fatal(err)
	}
	be, err := app.OpenEmbedded(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer be.Close()
	if got, err := app.ActiveKey(ctx, be.Keys, cfg.APIKeys, time.Now()); err != nil || got != a {
		t.Fatalf("both active: %q %v", got, err)
	}
	for i, full := range []string{a, b} {
		id, _, _ := jobs.SplitKey(full)
		if err := be.Keys.RevokeKey(ctx, id, time.Now().Add(-time.Second)); err != nil {
			t.Fatal(err)
		}
		want := []string{b, ""}[i]
		if got, err := app.ActiveKey(ctx, be.Keys, cfg.APIKeys, time.Now()); err != nil || got != want {
			t.Fatalf("after revoking %d key(s): %q %v, want %q", i+1, got, err, want)
		}
	}
}
