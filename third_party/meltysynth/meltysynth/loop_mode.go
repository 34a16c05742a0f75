package meltysynth

const (
	loop_NoLoop           int32 = 0
	loop_Continuous       int32 = 1
	loop_LoopUntilNoteOff       = 3
)
