import client from 'prom-client';

type LabelName = 'method' | 'route' | 'status';
type Labels = Record<LabelName, string>;

interface Counts {
  labels: Labels;
  /** Observations per bucket (not cumulative), as prom-client keeps them. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * Requests counted by method, route pattern and status in plain numbers, and handed to
 * prom-client only when scraped (decision 0062). prom-client's `inc` and `observe` check the
 * labels against the label names and hash them into a key on every call, twice a request; here a
 * request costs one string key and one map look-up, and the scrape builds the same series.
 */
export class RequestCounts {
  private readonly sets = new Map<string, Counts>();

  constructor(readonly bounds: readonly number[]) {}

  record(method: string, route: string, status: number, seconds: number): void {
    // Method and status hold no space, so the key is unique whatever the route holds.
    const key = `${method} ${status} ${route}`;
    let counts = this.sets.get(key);
    if (!counts) {
      counts = {
        labels: { method, route, status: String(status) },
        buckets: this.bounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      this.sets.set(key, counts);
    }
    counts.count += 1;
    counts.sum += seconds;
    // As prom-client: the first bound at or above the value; above the last, only the count.
    const i = this.bounds.findIndex((bound) => seconds <= bound);
    if (i !== -1) counts.buckets[i]! += 1;
  }

  entries(): IterableIterator<Counts> {
    return this.sets.values();
  }
}

/** The requests counter: its series set from the counts each time it is scraped. */
export function requestCounter(
  counts: RequestCounts,
  config: { name: string; help: string; registry: client.Registry },
): client.Counter<LabelName> {
  return new client.Counter({
    name: config.name,
    help: config.help,
    labelNames: ['method', 'route', 'status'],
    registers: [config.registry],
    collect() {
      this.reset();
      for (const c of counts.entries()) this.inc(c.labels, c.count);
    },
  });
}

interface Value {
  labels: Record<string, string | number>;
  sharedLabels?: Labels;
  value: number;
  metricName: string;
  /** Null on buckets, as prom-client's without exemplars. */
  exemplar?: null;
}

/**
 * The duration histogram as a metric of the registry's own shape (name, help, type, `get`):
 * prom-client's Histogram has no way to be handed bucket counts, only single observations. The
 * values are those its Histogram gives for the same observations, in its order (each label set's
 * cumulative buckets, +Inf, sum, count), and the registry formats them as it formats its own, so
 * the scraped text is the same (`request-metrics.test.ts` compares the two).
 */
export function registerRequestHistogram(
  counts: RequestCounts,
  config: { name: string; help: string; registry: client.Registry },
): void {
  const { name, help } = config;
  const forPromString = (): Value[] => {
    const values: Value[] = [];
    for (const c of counts.entries()) {
      let cumulative = 0;
      counts.bounds.forEach((le, i) => {
        cumulative += c.buckets[i]!;
        values.push({
          labels: { le },
          sharedLabels: c.labels,
          value: cumulative,
          metricName: `${name}_bucket`,
          exemplar: null,
        });
      });
      const shared = { sharedLabels: c.labels };
      values.push(
        {
          labels: { le: '+Inf' },
          ...shared,
          value: c.count,
          metricName: `${name}_bucket`,
          exemplar: null,
        },
        { labels: {}, ...shared, value: c.sum, metricName: `${name}_sum` },
        { labels: {}, ...shared, value: c.count, metricName: `${name}_count` },
      );
    }
    return values;
  };
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    getForPromString: () =>
      Promise.resolve({
        name,
        help,
        type: 'histogram',
        values: forPromString(),
        aggregator: 'sum',
      }),
    // The JSON form (getMetricsAsJSON): labels and shared labels in one object, as prom-client's.
    get: () =>
      Promise.resolve({
        name,
        help,
        type: 'histogram',
        aggregator: 'sum',
        values: forPromString().map(({ sharedLabels, labels, ...rest }) => ({
          ...rest,
          labels: { ...labels, ...sharedLabels },
        })),
      }),
    reset: () => undefined,
  };
  // The registry takes any object of this shape (it calls getForPromString or get, and reset).
  config.registry.registerMetric(metric as unknown as client.Metric);
}
