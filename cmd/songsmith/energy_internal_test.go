package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/songsmith/songsmith/client"
)

// TestEnergyAndHitFlags: --energy's three forms and --hit send the
// members the server reads.
func TestEnergyAndHitFlags(t *testing.T) {
	for _, c := range []struct {
		opts []client.GenerateOption
		name string
		want string
	}{
		{[]client.GenerateOption{energyOption("intro=0.2, chorus=1")}, "energy", `{"chorus":1,"intro":0.2}`},
		{[]client.GenerateOption{energyOption(`{"verse": 0.4}`)}, "energy", `{"verse":0.4}`},
		{[]client.GenerateOption{energyOption(`[{"at": 0, "value": 0.2}, {"at": 30, "value": 1}]`)}, "energy", `[{"at":0,"value":0.2},{"at":30,"value":1}]`},
		{[]client.GenerateOption{hitOption("42.3:drop"), hitOption("61:end")}, "hits", `[{"at":42.3,"kind":"drop"},{"at":61,"kind":"end"}]`},
	} {
		var body map[string]json.RawMessage
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			_ = json.Unmarshal(b, &body)
			w.WriteHeader(http.StatusAccepted)
			_, _ = io.WriteString(w, `{"message":"ok","job_id":"x","poll_url":"/jobs/x"}`)
		}))
		if _, err := client.New(srv.URL, "ss_k").Generate(context.Background(), "jazz", c.opts...); err != nil {
			t.Fatal(err)
		}
		srv.Close()
		if got := string(body[c.name]); got != c.want {
			t.Errorf("%s = %s, want %s", c.name, got, c.want)
		}
	}
}
