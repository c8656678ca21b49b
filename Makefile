# Folio: the cluster (Docker Compose) and the embedded app (one Node process) from the same code.
.PHONY: up down logs ps start test cluster-test e2e bench lint typecheck env image

up: .env ## start the cluster: Kafka, MongoDB, Redis, gateway, services and workers
	docker compose up -d --build
	@echo "Folio cluster starting at http://localhost:$${PORT:-8080} (make logs to follow)"

down: ## stop the cluster (volumes kept; `docker compose down -v` drops the data)
	docker compose down

logs:
	docker compose logs -f --tail=100

ps:
	docker compose ps

.env: ## first run: a .env from the example with a fresh JWT secret and MongoDB and Redis passwords
	sed -e "s/^JWT_SECRET=.*/JWT_SECRET=$$(node -e 'console.log(require("crypto").randomBytes(36).toString("base64url"))')/" \
	    -e "s/^MONGO_PASSWORD=.*/MONGO_PASSWORD=$$(node -e 'console.log(require("crypto").randomBytes(24).toString("hex"))')/" \
	    -e "s/^REDIS_PASSWORD=.*/REDIS_PASSWORD=$$(node -e 'console.log(require("crypto").randomBytes(24).toString("hex"))')/" \
	    .env.example > .env

image: ## the container image alone: docker run -p 8080:8080 -v folio:/data folio
	docker build -t folio .

start: ## the embedded app: one process, SQLite under DATA_DIR, no servers
	npm start

test:
	npm test

cluster-test: ## the cluster of docker-compose.yml as processes, without Docker (needs redis-server, librdkafka-dev)
	npm run build && npx vitest run --project server test/system/cluster.test.ts

e2e:
	npm run e2e

bench:
	npm run bench

lint:
	npm run lint

typecheck:
	npm run typecheck
