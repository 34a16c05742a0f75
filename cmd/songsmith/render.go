package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/app/generator"
	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/studio"
)

// renderOpts are the flags of render.
type renderOpts struct {
	seed    uint64
	out     string
	format  string
	bitrate int
	quiet   bool
}

func newRenderCmd() *cobra.Command {
	var o renderOpts
	cmd := &cobra.Command{
		Use:   "render PROMPT...",
		Short: "Render a song to files on this machine, no server needed",
		Long: `Render a prompt with the music engine, here and now, and save <title>.mp3 (or .wav, .flac, .ogg),
<title>.jpg and <title>.json in --out without overwriting anything. The result JSON
goes to stdout, a human summary to stderr. The same prompt and seed give the same song.`,
		Example: `  songsmith render "dreamy synthwave, 100 bpm" --out songs/
  songsmith render "lo-fi" --seed 7 --format wav | jq .title`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr(`give the prompt as an argument, e.g. songsmith render "dreamy synthwave, 100 bpm"`)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return render(cmd.Context(), &o, strings.Join(args, " "), cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	o.seed = 1
	f.Var(seedValue{&o.seed}, "seed", "seed: the same prompt and seed give the same song")
	f.StringVarP(&o.out, "out", "o", ".", "output directory")
	_ = cmd.MarkFlagDirname("out")
	o.format = request.FormatMP3
	f.Var(formatValue{&o.format, request.Formats}, "format", "audio format: mp3, wav, flac or ogg")
	f.IntVar(&o.bitrate, "bitrate", mp3.DefaultBitrate, "MP3 bitrate in kbit/s: 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256 or 320")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no summary on stderr")
	_ = cmd.RegisterFlagCompletionFunc("format", fixedValues(request.Formats...))
	_ = cmd.RegisterFlagCompletionFunc("bitrate", fixedValues("32", "40", "48", "56", "64", "80", "96", "112", "128", "160", "192", "224", "256", "320"))
	return cmd
}

// render writes a song's audio, cover and result JSON without a server.
// Every argument is checked before the (seconds-long) rendering starts.
func render(ctx context.Context, o *renderOpts, prompt string, stdout, stderr io.Writer) error {
	if o.format == "mp3" && !mp3.ValidBitrate(o.bitrate) {
		return usageErr("--bitrate %d is not an MP3 bitrate: use 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256 or 320", o.bitrate)
	}
	prompt, err := request.NormalizePrompt(prompt, request.DefaultMaxPromptRunes)
	if err != nil {
		return usageErr("%s", jobs.ErrorMessage(err))
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return fmt.Errorf("cannot create --out directory: %w", err)
	}
	cfg, err := app.FromEnv() // the sample bank (SONGSMITH_SOUNDFONT)
	if err != nil {
		return err
	}
	st := generator.New(cfg).(*studio.Studio)
	st.Format, st.Bitrate = o.format, o.bitrate
	song, err := st.Generate(ctx, prompt, o.seed, jobs.Options{})
	if err != nil {
		return err
	}
	files, err := reserve(o.out, stem(song.Title, "song"), "."+song.Audio.Ext, "."+song.Cover.Ext, ".json")
	if err != nil {
		return fmt.Errorf("cannot write into %s: %w", o.out, err)
	}
	res := httpapi.ResultBody{Title: song.Title, BPM: song.BPM, Duration: song.Duration,
		SongURL: fileURL(files[0].Name()), ImageURL: fileURL(files[1].Name()), Tags: strings.Join(song.Tags, ", "),
		EngineVersion: song.EngineVersion, Recipe: song.Recipe, License: httpapi.NewLicenseBody(song.License)}
	for i, data := range [][]byte{song.Audio.Data, song.Cover.Data} {
		if _, err := files[i].Write(data); err != nil {
			discard(files)
			return err
		}
	}
	if err := writeJSON(files[2], res); err != nil {
		discard(files)
		return err
	}
	for _, f := range files {
		if err := f.Close(); err != nil {
			discard(files)
			return err
		}
	}
	if err := writeJSON(stdout, res); err != nil {
		return err
	}
	if !o.quiet {
		fmt.Fprintf(stderr, "%q · %.0f bpm · %.1f s · %s\nsaved %s, %s, %s\n", song.Title, song.BPM, song.Duration,
			res.Tags, files[0].Name(), files[1].Name(), files[2].Name())
	}
	return nil
}

func fileURL(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return "file://" + filepath.ToSlash(abs)
}
