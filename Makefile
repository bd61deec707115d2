# The two commands of matvec. Each does its own set-up on a fresh machine.
#   make test    build and run the test suite (GPU tests are skipped without a GPU)
#   make bench   build and run the benchmark: mvbench compare --quick, then the figures
BUILD ?= build
BENCH_OUT ?= bench-out
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=Release -DMATVEC_BUILD_TESTS=ON

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
	@$(BUILD)/tools/mvbench/mvbench compare --quick --out $(BENCH_OUT)
	@if python3 -c 'import matplotlib' 2>/dev/null; then scripts/plot $(BENCH_OUT); \
	  else echo "bench: matplotlib is missing (apt-get install python3-matplotlib): no figures"; fi

install: build
	cmake --install $(BUILD) $(if $(PREFIX),--prefix $(PREFIX))

clean:
	rm -rf $(BUILD)
