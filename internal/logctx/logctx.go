// Package logctx carries log attributes in a context (the request id of
// an HTTP request, the job of a delivery) and adds them to every record
// logged with that context through its Handler. It imports only the
// standard library.
package logctx

import (
	"context"
	"log/slog"
)

type logAttrsKey struct{}

// WithLogAttrs returns ctx carrying attrs besides those ctx carries: every
// line logged with the context through a LogHandler gets them. The HTTP
// layer puts the request id here, so the service's lines of a request can
// be joined with its access line.
func WithLogAttrs(ctx context.Context, attrs ...slog.Attr) context.Context {
	old := LogAttrs(ctx)
	all := make([]slog.Attr, 0, len(old)+len(attrs))
	all = append(append(all, old...), attrs...)
	return context.WithValue(ctx, logAttrsKey{}, all)
}

// LogAttrs returns the attributes WithLogAttrs put in ctx.
func LogAttrs(ctx context.Context) []slog.Attr {
	if ctx == nil {
		return nil
	}
	a, _ := ctx.Value(logAttrsKey{}).([]slog.Attr)
	return a
}

// LogHandler wraps h so that each record gets the attributes of its
// context (see WithLogAttrs). Wrapping twice adds them once.
func LogHandler(h slog.Handler) slog.Handler {
	if _, ok := h.(ctxHandler); ok {
		return h
	}
	return ctxHandler{h}
}

type ctxHandler struct{ slog.Handler }

func (h ctxHandler) Handle(ctx context.Context, r slog.Record) error {
	if a := LogAttrs(ctx); len(a) > 0 {
		r = r.Clone()
		r.AddAttrs(a...)
	}
	return h.Handler.Handle(ctx, r)
}

func (h ctxHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return ctxHandler{h.Handler.WithAttrs(as)}
}
func (h ctxHandler) WithGroup(name string) slog.Handler { return ctxHandler{h.Handler.WithGroup(name)} }
