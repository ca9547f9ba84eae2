import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Metrics } from './metrics.js';

/**
 * The metrics of a machine's workers as one exposition (decision 0097): the primary asks each worker for its
 * registry's values over the cluster's channel and adds them up (prom-client's aggregation: counters and histograms
 * summed, each gauge by its own rule), so that one scrape of METRICS_PORT sees every worker.
 */

const ask = 'portal:metrics?';
const answer = 'portal:metrics';

/** One registry's values as prom-client hands them over. */
type Values = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

interface Asked {
  type: typeof ask;
  id: string;
}
interface Answered {
  type: typeof answer;
  id: string;
  values: Values;
}

/** In a worker: answers the primary's questions with this process's metrics. */
export function answerMetricsQuestions(metrics: Pick<Metrics, 'registry'>): void {
  process.on('message', (message: Partial<Asked>) => {
    const id = message?.type === ask ? message.id : undefined;
    if (!id) return;
    void metrics.registry.getMetricsAsJSON().then((values) => process.send?.({ type: answer, id, values } satisfies Answered));
  });
}

/** In the primary: every worker's metrics, added up; a worker that does not answer within `withinMs` is left out. */
export function workersMetrics(withinMs = 2000): { exposition(): Promise<{ contentType: string; body: string }> } {
  return {
    async exposition() {
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
      const id = randomUUID();
      const answers = await Promise.all(
        workers.map(
          (worker) =>
            new Promise<Values | null>((resolve) => {
              const timer = setTimeout(() => done(null), withinMs);
              const onMessage = (message: Partial<Answered>) => {
                if (message?.type === answer && message.id === id) done(message.values ?? []);
              };
              const done = (values: Values | null) => {
                clearTimeout(timer);
                worker!.off('message', onMessage);
                resolve(values);
              };
              worker!.on('message', onMessage);
              worker!.send({ type: ask, id } satisfies Asked);
            }),
        ),
      );
      const registry = AggregatorRegistry.aggregate(answers.filter((values): values is Values => values !== null));
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
