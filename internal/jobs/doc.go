// Package jobs is the domain of Songsmith: jobs, their states and results,
// API keys, the error codes, the ports that adapters implement (JobStore,
// KeyStore, Limiter, Queue, Consumer, Media, Generator) and the Service that
// implements the interface's two operations on top of them. Stdlib only.
//
// # Request options
//
// The members of a POST /generate body beyond the spec's prompt are one
// table, [OptionSpecs]: name, JSON type, range or allowed values, default
// and description. The HTTP decoder reads members through it
// ([OptionSpec.ReadJSON]), [Options.Normalize] checks them and
// [Options.Equal] (the idempotency comparison) compares them row by row.
// Tests check the OpenAPI document (internal/httpapi), the SDK's options
// (client), the CLI flags (cmd/songsmith) and the playground form
// (internal/httpapi/web) against it, and fail when a row is missing there.
//
// Adding an option is one row, one field and its use:
//
//  1. Add a field to [Options] of the Go type its [OptionType] names
//     (integer *uint64, number float64 or *float64 when 0 is a value,
//     string string, array []string, boolean bool; the zero value means
//     "not set").
//  2. Add a row to [OptionSpecs] with Name, Type, the range (Min, Max),
//     Enum or MaxLen, Default, Description and Field returning a pointer
//     to the new field (Canon when a string has a canonical form).
//  3. Use the field where it acts (the generator reads Options), then add
//     the member to openapi.json's SubmitRequest, a With* option to the
//     SDK, a flag to `songsmith generate` and an input to the playground
//     form: the consumer tests name what is missing.
//
// In the playground form an input's name is the option's name and its
// data-type the row's Type (a checkbox per Enum value for an array, one
// checkbox for a boolean). A new JSON type is one more case in the
// switches of optionspec.go and in the playground's options().
package jobs
