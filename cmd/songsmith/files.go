package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/songsmith/songsmith/client"
)

// maxStem bounds the length of a file name stem made from a title.
const maxStem = 60

// stem makes a file name stem from a song title: lower case letters and
// digits joined by '-', at most maxStem bytes; fallback when nothing is left.
func stem(title, fallback string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if r == '\'' || r == '’' {
			continue // "Yesterday's" -> "yesterdays"
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			sep := ""
			if dash && b.Len() > 0 {
				sep = "-"
			}
			if b.Len()+len(sep)+len(string(r)) > maxStem {
				break
			}
			b.WriteString(sep)
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return fallback
	}
	return b.String()
}

// reserve creates dir/stem.ext for every ext, exclusively, never touching
// an existing file: when any of the names exists it tries stem-1, stem-2...
// It returns the open files in the order of exts.
func reserve(dir, stem string, exts ...string) ([]*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for n := 0; n < 10000; n++ {
		name := stem
		if n > 0 {
			name = fmt.Sprintf("%s-%d", stem, n)
		}
		files, err := createAll(dir, name, exts)
		if err == nil {
			return files, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("no free file name for %s in %s", stem, dir)
}

func createAll(dir, name string, exts []string) ([]*os.File, error) {
	var files []*os.File
	for _, ext := range exts {
		f, err := os.OpenFile(filepath.Join(dir, name+ext), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			discard(files)
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// discard closes and removes files (a failed or abandoned write).
func discard(files []*os.File) {
	for _, f := range files {
		f.Close()
		os.Remove(f.Name())
	}
}

// mediaExt is the extension of a media URL's path, or def.
func mediaExt(raw, def string) string {
	if u, err := url.Parse(raw); err == nil {
		if ext := path.Ext(u.Path); ext != "" && len(ext) <= 5 {
			return ext
		}
	}
	return def
}

// saveJob downloads a completed job's song and cover (and its stems zip,
// MIDI file, timeline, MusicXML score, layers and segments zips, when the job was asked for
// them) into dir and writes its JSON beside them, under names derived
// from the title that do not overwrite anything. It returns the paths written.
func saveJob(ctx context.Context, c *client.Client, job *client.Job, dir string) (*filesJSON, error) {
	r := job.Result
	urls := []string{r.SongURL, r.ImageURL}
	exts := []string{mediaExt(r.SongURL, ".mp3"), mediaExt(r.ImageURL, ".jpg")}
	if r.StemsURL != "" {
		urls, exts = append(urls, r.StemsURL), append(exts, ".stems.zip")
	}
	if r.MIDIURL != "" {
		urls, exts = append(urls, r.MIDIURL), append(exts, ".mid")
	}
	if r.TimelineURL != "" {
		urls, exts = append(urls, r.TimelineURL), append(exts, ".timeline.json")
	}
	if r.MusicXMLURL != "" {
		urls, exts = append(urls, r.MusicXMLURL), append(exts, ".musicxml")
	}
	if r.LayersURL != "" {
		urls, exts = append(urls, r.LayersURL), append(exts, ".layers.zip")
	}
	if r.SegmentsURL != "" {
		urls, exts = append(urls, r.SegmentsURL), append(exts, ".segments.zip")
	}
	files, err := reserve(dir, stem(r.Title, job.JobID), append(exts, ".json")...)
	if err != nil {
		return nil, fmt.Errorf("cannot write into %s: %w", dir, err)
	}
	for i, u := range urls {
		if _, err := c.Download(ctx, u, files[i]); err != nil {
			discard(files)
			return nil, err
		}
	}
	out := &filesJSON{Song: files[0].Name(), Cover: files[1].Name(), JSON: files[len(files)-1].Name()}
	base := &filesJSON{Song: filepath.Base(out.Song), Cover: filepath.Base(out.Cover), JSON: filepath.Base(out.JSON)}
	for i, ext := range exts[2:] {
		name := files[2+i].Name()
		switch ext {
		case ".mid":
			out.MIDI, base.MIDI = name, filepath.Base(name)
		case ".timeline.json":
			out.Timeline, base.Timeline = name, filepath.Base(name)
		case ".musicxml":
			out.MusicXML, base.MusicXML = name, filepath.Base(name)
		case ".layers.zip":
			out.Layers, base.Layers = name, filepath.Base(name)
		case ".segments.zip":
			out.Segments, base.Segments = name, filepath.Base(name)
		default:
			out.Stems, base.Stems = name, filepath.Base(name)
		}
	}
	j := toJSON(job)
	j.Files = base
	if err := writeJSON(files[len(files)-1], j); err != nil {
		discard(files)
		return nil, err
	}
	for _, f := range files {
		if err := f.Close(); err != nil {
			discard(files)
			return nil, err
		}
	}
	return out, nil
}

// saved lists the files of a saved job for the summary line.
func (f *filesJSON) saved() string {
	names := []string{f.Song, f.Cover}
	for _, n := range []string{f.Stems, f.MIDI, f.Timeline, f.MusicXML, f.Layers, f.Segments} {
		if n != "" {
			names = append(names, n)
		}
	}
	return strings.Join(append(names, f.JSON), ", ")
}
