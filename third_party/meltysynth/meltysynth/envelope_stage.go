package meltysynth

const (
	env_Delay   int32 = 0
	env_Attack  int32 = 1
	env_Hold    int32 = 2
	env_Decay   int32 = 3
	env_Release int32 = 4
)
