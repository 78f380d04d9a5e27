# One target per npm script, same names. Every target installs what is missing first.
.PHONY: run test generate check-generated lint typecheck build install bench mock mock-dynamic sandbox fuzz

INSTALLED := node_modules/.installed

$(INSTALLED): package.json package-lock.json
	npm ci
	touch $@

install: $(INSTALLED)

run: $(INSTALLED) build
	npm start

build: $(INSTALLED)
	npm run build

test: $(INSTALLED)
	npm run lint:spec
	npm run typecheck
	npm run lint
	npm test
	npm run test:postgres

lint: $(INSTALLED)
	npm run lint

typecheck: $(INSTALLED)
	npm run typecheck

generate: $(INSTALLED)
	rm -rf generated
	npm run generate

# Regenerates both generators (the types in generated/, the client in generated/client/)
# into a scratch folder and fails on any difference from generated/.
check-generated: $(INSTALLED)
	@scratch=$$(mktemp -d) && \
	cp -r openapi.yaml openapitools.json templates mocks "$$scratch"/ && \
	(cd "$$scratch" && PWD="$$scratch" "$(CURDIR)/node_modules/.bin/openapi-generator-cli" generate >/dev/null) && \
	if diff -r generated "$$scratch/generated"; then echo "generated/ is in step with openapi.yaml"; \
	else echo "generated/ is stale: run 'make generate' and commit the result" >&2; exit 1; fi

bench: $(INSTALLED)
	npm run bench

# The Prism mock of openapi.yaml for front-end work; PORT defaults to 4010.
mock: $(INSTALLED)
	npx prism mock openapi.yaml --host 127.0.0.1 --port $${PORT:-4010}

# The same, answering with generated data instead of the named examples.
mock-dynamic: $(INSTALLED)
	npx prism mock openapi.yaml --host 127.0.0.1 --port $${PORT:-4010} --dynamic

# The service itself as a stateful mock: in memory, seeded from mocks/examples, any origin; PORT defaults to 4020.
sandbox: $(INSTALLED)
	PORT=$${PORT:-4020} npm run sandbox

# Schemathesis against the live service (installs itself into .venv on first use).
fuzz: $(INSTALLED)
	test/tools/fuzz.sh
