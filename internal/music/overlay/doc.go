// Package overlay writes the parts laid over the band once it has played:
// the style's drone (a pedal on the tonic and fifth, or the chord roots,
// shifted with the modulation), a choir the prompt names carrying the
// chorus's melody, and the style's texture held through the song.
package overlay
