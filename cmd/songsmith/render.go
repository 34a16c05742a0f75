package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/studio"
)

// render writes a song's audio, cover and result JSON without a server.
func render(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "seed: the same prompt and seed give the same song")
	out := fs.String("o", ".", "output directory")
	format := fs.String("format", "mp3", "mp3 or wav")
	bitrate := fs.Int("bitrate", 192, "MP3 bitrate in kbit/s")
	prompt, err := parseWithPrompt(fs, args)
	if err != nil {
		return err
	}
	if prompt, err = jobs.NormalizePrompt(prompt, jobs.DefaultMaxPromptRunes); err != nil {
		return fmt.Errorf("render: %s", jobs.ErrorMessage(err))
	}
	song, err := (&studio.Studio{Format: *format, Bitrate: *bitrate}).Generate(ctx, prompt, *seed)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	audioPath := filepath.Join(*out, "song."+song.Audio.Ext)
	coverPath := filepath.Join(*out, "cover."+song.Cover.Ext)
	res := httpapi.ResultBody{Title: song.Title, BPM: song.BPM, Duration: song.Duration,
		SongURL: fileURL(audioPath), ImageURL: fileURL(coverPath), Tags: strings.Join(song.Tags, ", ")}
	meta, _ := json.MarshalIndent(res, "", "  ")
	for path, data := range map[string][]byte{audioPath: song.Audio.Data, coverPath: song.Cover.Data, filepath.Join(*out, "song.json"): append(meta, '\n')} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s\n%q: %.0f bpm, %.1f s, %s\nwrote %s, %s, %s\n", meta, song.Title, song.BPM, song.Duration,
		res.Tags, audioPath, coverPath, filepath.Join(*out, "song.json"))
	return nil
}

// parseArgs parses flags placed before, between or after positional
// arguments and returns the positional ones.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var words []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			break
		}
		words = append(words, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return words, nil
}

// parseWithPrompt parses flags around the words of one prompt.
func parseWithPrompt(fs *flag.FlagSet, args []string) (string, error) {
	words, err := parseArgs(fs, args)
	if err != nil {
		return "", err
	}
	if len(words) == 0 {
		return "", fmt.Errorf("%s: give the prompt as an argument, e.g. %s \"dreamy synthwave, 100 bpm\"", fs.Name(), fs.Name())
	}
	return strings.Join(words, " "), nil
}

func fileURL(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return "file://" + filepath.ToSlash(abs)
}
