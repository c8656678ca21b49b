/*
 * A Kafka-protocol broker for tests: librdkafka's mock cluster on loopback (random ports).
 *
 *   kafka-mock-broker <brokers> [topic:partitions ...]
 *
 * Creates the topics up front (the mock cluster does not serve CreateTopics), prints the bootstrap
 * address as one line on stdout, then runs until stdin closes or SIGTERM/SIGINT arrives, so a test
 * runner that dies without cleaning up still takes the broker with it.
 * Build: gcc -O2 -o scripts/bin/kafka-mock-broker scripts/kafka-mock-broker.c -lrdkafka -lpthread
 */
#include <errno.h>
#include <pthread.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h> /* must follow rdkafka.h */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop = 0;
static void on_signal(int sig) { (void)sig; stop = 1; }

struct topic { rd_kafka_mock_cluster_t *mc; char *spec; rd_kafka_resp_err_t err; };

/* "name:partitions" (partitions default to 1) */
static void *create_topic(void *arg) {
  struct topic *t = arg;
  char *sep = strrchr(t->spec, ':');
  int partitions = sep ? atoi(sep + 1) : 1;
  if (sep) *sep = '\0';
  t->err = rd_kafka_mock_topic_create(t->mc, t->spec, partitions > 0 ? partitions : 1, 1);
  return NULL;
}

int main(int argc, char **argv) {
  char errstr[512];
  int brokers = argc > 1 ? atoi(argv[1]) : 0;
  if (brokers < 1) {
    fprintf(stderr, "usage: %s <brokers> [topic:partitions ...]\n", argv[0]);
    return 2;
  }
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  /* the handle only hosts the mock cluster; keep its own logging quiet */
  rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof(errstr));
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
  if (!rk) { fprintf(stderr, "rd_kafka_new: %s\n", errstr); return 1; }
  rd_kafka_mock_cluster_t *mc = rd_kafka_mock_cluster_new(rk, brokers);
  if (!mc) { fprintf(stderr, "rd_kafka_mock_cluster_new failed\n"); return 1; }

  /* One thread per topic: librdkafka 2.0's mock cluster thread sometimes notices a queued request only
   * at its next 1 s poll, so requests made one after another can add up to many seconds. */
  int n = argc - 2;
  struct topic *topics = calloc(n > 0 ? n : 1, sizeof(*topics));
  pthread_t *threads = calloc(n > 0 ? n : 1, sizeof(*threads));
  for (int i = 0; i < n; i++) {
    topics[i] = (struct topic){mc, argv[i + 2], RD_KAFKA_RESP_ERR_NO_ERROR};
    pthread_create(&threads[i], NULL, create_topic, &topics[i]);
  }
  for (int i = 0; i < n; i++) pthread_join(threads[i], NULL);
  for (int i = 0; i < n; i++) {
    if (topics[i].err) { fprintf(stderr, "topic %s: %s\n", topics[i].spec, rd_kafka_err2str(topics[i].err)); return 1; }
  }
  printf("%s\n", rd_kafka_mock_cluster_bootstraps(mc));
  fflush(stdout);

  /* no SA_RESTART: a signal interrupts read() so the loop sees `stop` */
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = on_signal;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  char buf[256];
  while (!stop) {
    ssize_t n = read(STDIN_FILENO, buf, sizeof(buf));
    if (n == 0 || (n < 0 && errno != EINTR)) break;
  }
  rd_kafka_mock_cluster_destroy(mc);
  rd_kafka_destroy(rk);
  return 0;
}
