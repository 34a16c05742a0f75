// Command mp3enc encodes a 16-bit WAV file to MP3 with the Songsmith encoder.
// It exists for benchmarks and manual listening tests:
//
//	go run ./internal/audio/mp3/cmd/mp3enc -b 192 in.wav out.mp3
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/audio/wav"
)

func main() {
	bitrate := flag.Int("b", mp3.DefaultBitrate, "bitrate in kbit/s")
	mode := flag.String("m", "j", "channel mode: j (joint stereo), s (stereo), m (mono)")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: mp3enc [-b kbps] [-m j|s|m] in.wav out.mp3")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), flag.Arg(1), *bitrate, *mode); err != nil {
		fmt.Fprintln(os.Stderr, "mp3enc:", err)
		os.Exit(1)
	}
}

func run(in, out string, bitrate int, mode string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	buf, err := wav.Decode(bufio.NewReader(f))
	if err != nil {
		return err
	}
	opts := mp3.Options{Bitrate: bitrate}
	switch mode {
	case "s":
		opts.Mode = mp3.Stereo
	case "m":
		opts.Mode = mp3.Mono
	}
	o, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(o, 1<<16)
	if err := mp3.Encode(context.Background(), w, buf, opts); err != nil {
		o.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}
