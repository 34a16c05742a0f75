// Package request is the schema of a song request: the table of request
// options beyond the prompt (OptionSpecs) and the Options it fills, how a
// member is read and checked, musical key parsing, the edit vocabulary,
// the options part of a recipe, the prompt's rules, and the audio formats
// and outputs a request may ask for.
//
// It imports only the standard library and sits below internal/jobs: the
// service stores Options on its jobs (jobs.Options is this Options), and
// the HTTP decoder, the CLI, the SDK checks, the studio and the recipe
// code read the same table. An invalid request is an *Error, which
// jobs.ErrorCode reads as jobs.EInvalid and jobs.ErrorMessage as its
// message.
package request
