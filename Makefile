# Songsmith. The two commands a newcomer needs: `make run` and `make test`.
GO      ?= go
BIN     ?= bin
ARTIFACTS_DIR ?= $(BIN)/lambda
# VERSION is what `songsmith --version` prints: the release tag (vX.Y.Z) on a
# tagged commit, else tag-commits-hash, else the short hash; -dirty when changed.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: help run test bench build install lint fuzz clean tools meltysynth-patches reference

## run: start the local service (embedded storage); prints an API key and a curl example
run:
	$(GO) run ./cmd/songsmith serve

## test: install the tools the tests need, then run every check and test
test:
	bash scripts/test.sh

## bench: speed and memory benchmarks with their yardsticks (lame, shineenc, fluidsynth)
bench:
	bash scripts/bench.sh

## build: the songsmith binary for this machine, stamped with VERSION (git describe)
build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o $(BIN)/songsmith ./cmd/songsmith

## install: install the songsmith command into $GOBIN (default $(go env GOPATH)/bin), stamped with VERSION
install:
	CGO_ENABLED=0 $(GO) install -trimpath -ldflags "-X main.version=$(VERSION)" ./cmd/songsmith

## reference: measure the human-made reference music (apt: wesnoth-1.16-music, supertuxkart-data) into internal/mixmeter/testdata/reference.json; not part of make test
reference:
	bash scripts/reference.sh

## tools: install outside tools (ffmpeg, sox, bpm-tools, lame, ...) when missing
tools:
	bash scripts/tools.sh

## lint: gofmt, vet and staticcheck only (both modules of the workspace: . and ./client)
lint:
	test -z "$$(gofmt -l $$(git ls-files '*.go'))"
	$(GO) vet ./... ./client/...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./... ./client/...

## fuzz: longer fuzzing (count budgets, see scripts/test.sh) of the request parser and options, recipes and the MP3 encoder
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeSubmit$$' -fuzztime 500000x -fuzzminimizetime 1000x ./internal/httpapi/
	$(GO) test -run '^$$' -fuzz '^FuzzEncode$$' -fuzztime 30000x -fuzzminimizetime 100x ./internal/audio/mp3/
	$(GO) test -run '^$$' -fuzz '^FuzzSubmitOptions$$' -fuzztime 200000x -fuzzminimizetime 1000x ./internal/httpapi/
	$(GO) test -run '^$$' -fuzz '^FuzzRecipe$$' -fuzztime 200000x -fuzzminimizetime 1000x ./internal/recipe/

## meltysynth-patches: regenerate third_party/meltysynth/patches from the patched copy (see its PATCHES.md)
meltysynth-patches:
	bash scripts/meltysynth-patches.sh

## clean: remove built binaries and SAM output
clean:
	rm -rf $(BIN) .aws-sam

## help: list the targets with what they do (from their ## comments)
help:
	@grep -hE '^## [a-zA-Z0-9_-]+:' $(MAKEFILE_LIST) | sed -E 's/^## ([^:]+): */\1\t/' | awk -F'\t' '{printf "  %-16s %s\n", $$1, $$2}'

include Makefile.aws
