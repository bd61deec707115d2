# The two commands of matvec. Each does its own set-up on a fresh machine.
#   make test    build and run the test suite (GPU tests are skipped without a GPU)
#   make bench   build and run the benchmark (for now: the quickstart example)
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release

.PHONY: all deps build test bench install clean

all: build

deps:
	@scripts/install-deps

build: deps
	@PATH="$$PATH:/usr/local/cuda/bin" cmake -S . -B $(BUILD) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

test: build
	@cd $(BUILD) && ctest --output-on-failure --output-junit junit.xml; status=$$?; \
	  python3 $(CURDIR)/scripts/ctest-summary junit.xml && exit $$status

bench: build
	@$(BUILD)/examples/quickstart; status=$$?; \
	  if [ $$status -eq 2 ]; then echo "bench: no NVIDIA GPU here: the GPU rows need one (scripts/gpu-verify and mvbench run on a GPU machine)"; \
	  else exit $$status; fi

install: build
	cmake --install $(BUILD) $(if $(PREFIX),--prefix $(PREFIX))

clean:
	rm -rf $(BUILD)
