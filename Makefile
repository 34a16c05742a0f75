# Songsmith. The two commands a newcomer needs: `make run` and `make test`.
GO      ?= go
BIN     ?= bin
ARTIFACTS_DIR ?= $(BIN)/lambda
# VERSION is what `songsmith --version` prints (scripts/version.sh): the
# release tag vX.Y.Z on a tagged commit, vX.Y.Z-N-g<hash> after it, and
# before the first tag the release of cmd/songsmith/VERSION as vX.Y.Z-dev+<hash>.
VERSION ?= $(shell sh scripts/version.sh 2>/dev/null || echo dev)
# GOBIN_DIR is where make install puts songsmith: $GOBIN, else $GOPATH/bin.
GOBIN_DIR = $(or $(shell $(GO) env GOBIN),$(shell $(GO) env GOPATH)/bin)
# RELEASE_TARGETS are the os/arch pairs make release builds; DIST where.
RELEASE_TARGETS ?= linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64
DIST ?= dist

.PHONY: help run test bench build install release lint fuzz clean tools meltysynth-patches reference study

## run: build bin/songsmith (as make build) and start the local service; prints an API key and curl lines
run: build
	$(BIN)/songsmith serve

## test: install the tools the tests need, then run every check and test
test:
	bash scripts/test.sh

## bench: speed and memory benchmarks with their yardsticks (lame, shineenc, fluidsynth)
bench:
	bash scripts/bench.sh

## build: bin/songsmith for this machine, stamped with VERSION; make run and make install use this one build
build:
	@GO="$(GO)" bash scripts/build.sh $(BIN)/songsmith "$(VERSION)"

## install: build bin/songsmith (as make build) and copy it into $GOBIN (default $(go env GOPATH)/bin)
install: build
	@mkdir -p "$(GOBIN_DIR)"
	@cp $(BIN)/songsmith "$(GOBIN_DIR)/songsmith.tmp" && mv -f "$(GOBIN_DIR)/songsmith.tmp" "$(GOBIN_DIR)/songsmith"
	@echo "songsmith build: installed $(GOBIN_DIR)/songsmith"

## release: binaries for linux, darwin and windows on amd64 and arm64 (CGO_ENABLED=0) and SHA256SUMS into dist/
release:
	@GO="$(GO)" bash scripts/release.sh "$(DIST)" "$(VERSION)" $(RELEASE_TARGETS)

## reference: measure the human-made reference music (apt: wesnoth-1.16-music, supertuxkart-data) into internal/mixmeter/testdata/reference.json; not part of make test
reference:
	bash scripts/reference.sh

## study: render 41 user prompts at seeds 1-2 and print their figures beside the references' (STUDY_ESSENTIA=DIR adds Essentia's beat figures); not part of make test
study:
	bash scripts/study.sh

## tools: install outside tools (ffmpeg, sox, bpm-tools, lame, ...) when missing
tools:
	bash scripts/tools.sh

## lint: gofmt, vet and staticcheck only (both modules of the workspace: . and ./client)
lint:
	test -z "$$(gofmt -l $$(git ls-files '*.go'))"
	$(GO) vet ./... ./client/...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./... ./client/...

## fuzz: longer fuzzing (count budgets, see scripts/test.sh) of the request parser and options, recipes, the melody readers and the MP3 encoder
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeSubmit$$' -fuzztime 500000x -fuzzminimizetime 1000x ./internal/httpapi/
	$(GO) test -run '^$$' -fuzz '^FuzzEncode$$' -fuzztime 30000x -fuzzminimizetime 100x ./internal/audio/mp3/
	$(GO) test -run '^$$' -fuzz '^FuzzSubmitOptions$$' -fuzztime 200000x -fuzzminimizetime 1000x ./internal/httpapi/
	$(GO) test -run '^$$' -fuzz '^FuzzRecipe$$' -fuzztime 200000x -fuzzminimizetime 1000x ./internal/recipe/
	$(GO) test -run '^$$' -fuzz '^FuzzParseABC$$' -fuzztime 200000x -fuzzminimizetime 1000x ./internal/tune/
	$(GO) test -run '^$$' -fuzz '^FuzzParseMIDI$$' -fuzztime 200000x -fuzzminimizetime 1000x ./internal/tune/

## meltysynth-patches: regenerate third_party/meltysynth/patches from the patched copy (see its PATCHES.md)
meltysynth-patches:
	bash scripts/meltysynth-patches.sh

## clean: remove built binaries and SAM output
clean:
	rm -rf $(BIN) $(DIST) .aws-sam

## help: list the targets with what they do (from their ## comments)
help:
	@grep -hE '^## [a-zA-Z0-9_-]+:' $(MAKEFILE_LIST) | sed -E 's/^## ([^:]+): */\1\t/' | awk -F'\t' '{printf "  %-16s %s\n", $$1, $$2}'

include Makefile.aws
