package mp3_test

import (
	"errors"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

func requireTool(tb testing.TB, name string) string { return testutil.RequireTool(tb, name) }

func errorsIs(err, target error) bool { return errors.Is(err, target) }
