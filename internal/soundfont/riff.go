package soundfont

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"unsafe"

	"github.com/songsmith/songsmith/third_party/meltysynth/meltysynth"
)

// parse reads a SoundFont 2 file without copying its sample data: the
// INFO and pdta (preset, instrument and sample header) lists go through
// meltysynth's parser with a one-sample stand-in for the smpl chunk, and
// WaveData then points at the file's smpl chunk, memory-mapped read-only
// where the system allows it (the page cache is shared between processes
// and only the pages of samples that play become resident). An SF3 bank's
// smpl chunk holds Ogg Vorbis streams: WaveData is then the decoded region
// of newSF3, filled per preset on first use, and the *sf3 is returned.
func parse(f *os.File) (*meltysynth.SoundFont, *sf3, int64, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, nil, 0, err
	}
	var head [12]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return nil, nil, 0, err
	}
	if string(head[0:4]) != "RIFF" || string(head[8:12]) != "sfbk" {
		return nil, nil, 0, errors.New("not a SoundFont 2 file (RIFF sfbk)")
	}
	var info, pdta []byte
	smplOff, smplLen := int64(-1), int64(0)
	pos := int64(12)
	for pos+8 <= st.Size() {
		var ch [12]byte
		if _, err := f.ReadAt(ch[:], pos); err != nil {
			return nil, nil, 0, err
		}
		size := int64(binary.LittleEndian.Uint32(ch[4:8]))
		if string(ch[0:4]) != "LIST" || pos+8+size > st.Size() {
			return nil, nil, 0, fmt.Errorf("bad chunk %q at %d", ch[0:4], pos)
		}
		switch string(ch[8:12]) {
		case "INFO", "pdta":
			b := make([]byte, 8+size)
			if _, err := f.ReadAt(b, pos); err != nil {
				return nil, nil, 0, err
			}
			if string(ch[8:12]) == "INFO" {
				info = b
			} else {
				pdta = b
			}
		case "sdta":
			for p := pos + 12; p+8 <= pos+8+size; {
				var sub [8]byte
				if _, err := f.ReadAt(sub[:], p); err != nil {
					return nil, nil, 0, err
				}
				n := int64(binary.LittleEndian.Uint32(sub[4:8]))
				if string(sub[0:4]) == "smpl" {
					smplOff, smplLen = p+8, n
				}
				p += 8 + n + n&1
			}
		}
		pos += 8 + size + size&1
	}
	if info == nil || pdta == nil || smplOff < 0 || smplOff%2 != 0 {
		return nil, nil, 0, errors.New("missing INFO, sdta/smpl or pdta list")
	}
	// The stand-in stream: RIFF sfbk, INFO, an sdta with a 1-sample smpl, pdta.
	var fake bytes.Buffer
	fake.WriteString("RIFF\x00\x00\x00\x00sfbk")
	fake.Write(info)
	fake.WriteString("LIST")
	fake.Write(binary.LittleEndian.AppendUint32(nil, 4+8+2))
	fake.WriteString("sdtasmpl\x02\x00\x00\x00\x00\x00")
	fake.Write(pdta)
	sf, err := meltysynth.NewSoundFont(&fake)
	if err != nil {
		return nil, nil, 0, err
	}
	data, mapped, err := mapFile(f, st.Size())
	if err != nil {
		return nil, nil, 0, err
	}
	if isSF3(sf) {
		lazy, err := newSF3(sf, data[smplOff:smplOff+smplLen])
		if err != nil {
			return nil, nil, 0, err
		}
		if mapped {
			dropPages(data)
		}
		return sf, lazy, 0, nil
	}
	sf.WaveData = int16s(data[smplOff : smplOff+smplLen])
	if !mapped {
		return sf, nil, smplLen, nil
	}
	return sf, nil, 0, nil
}

// int16s views little-endian 16-bit samples in b without copying on a
// little-endian machine (every platform Songsmith builds for); elsewhere it
// converts.
func int16s(b []byte) []int16 {
	n := len(b) / 2
	if n == 0 {
		return nil
	}
	var probe uint16 = 1
	if *(*byte)(unsafe.Pointer(&probe)) == 1 {
		return unsafe.Slice((*int16)(unsafe.Pointer(&b[0])), n)
	}
	out := make([]int16, n)
	for i := range out {
		out[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return out
}
