module github.com/sinshu/go-meltysynth

go 1.19
