// Package mediakey names the media of a job: the key of each file a
// generator writes under the job's id (jobs/<id>/song.mp3, cover.jpg,
// stems.zip, song.mid, timeline.json, score.musicxml). Keys derive from the id, so a
// retried job overwrites what an earlier attempt wrote. It imports nothing
// of the module.
package mediakey

// Stems returns the media key of a job's stems archive.
func Stems[ID ~string](id ID) string { return "jobs/" + string(id) + "/stems.zip" }

// MIDI returns the media key of a job's MIDI file.
func MIDI[ID ~string](id ID) string { return "jobs/" + string(id) + "/song.mid" }

// Timeline returns the media key of a job's timeline document.
func Timeline[ID ~string](id ID) string { return "jobs/" + string(id) + "/timeline.json" }

// MusicXML returns the media key of a job's MusicXML score.
func MusicXML[ID ~string](id ID) string { return "jobs/" + string(id) + "/score.musicxml" }

// Layers returns the media key of a job's intensity layers zip.
func Layers[ID ~string](id ID) string { return "jobs/" + string(id) + "/layers.zip" }

// Segments returns the media key of a job's segments zip.
func Segments[ID ~string](id ID) string { return "jobs/" + string(id) + "/segments.zip" }

// Song returns the media key of a job's audio file with extension ext
// (without dot).
func Song[ID ~string](id ID, ext string) string { return "jobs/" + string(id) + "/song." + ext }

// Image returns the media key of a job's cover art with extension ext.
func Image[ID ~string](id ID, ext string) string { return "jobs/" + string(id) + "/cover." + ext }

// Exts lists the file extensions a generator writes (audio, cover):
// internal/studio writes mp3, wav, flac or ogg and a jpg cover (a test there
// keeps this list true); png covers are those of jobs made before the
// covers became JPEG, and of test generators.
var Exts = struct{ Audio, Cover []string }{Audio: []string{"mp3", "wav", "flac", "ogg"}, Cover: []string{"jpg", "png"}}
