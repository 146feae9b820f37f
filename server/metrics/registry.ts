/**
 * The process's metrics, written out in the Prometheus text format at GET /metrics (decision 263).
 * Written here rather than taken from a library: three kinds, a few dozen lines, no dependency.
 *
 * Any part of the server registers what it measures, at module level or when it starts:
 *
 *   const lookups = metrics.counter("azya_page_cache_lookups_total", "Page cache lookups", ["result"]);
 *   lookups.inc({ result: hit ? "hit" : "miss" });
 *
 * Asking again for a name already registered returns the same metric (a module loaded twice in
 * development, several apps in one test process). A gauge read from elsewhere (a pool, a queue)
 * is given a `collect` function, read at each scrape.
 *
 * Label values must come from a small fixed set (a route pattern, never a raw URL): each new
 * combination is a series held in memory for the life of the process. As a last guard a metric
 * keeps at most MAX_SERIES combinations, the last being the label value "_other" for all the later ones.
 */
export const MAX_SERIES = 500;

type LabelValues = Record<string, string>;
type Collect = () => number | Promise<number> | Iterable<[LabelValues, number]>;

interface Family {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram";
  lines(): Promise<string[]>;
}

/** Default latency buckets (seconds): a page or an API call, from a cache hit to a slow render. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

class Series<V> {
  private readonly values = new Map<string, { labels: LabelValues; value: V }>();
  constructor(
    private readonly labelNames: readonly string[],
    private readonly initial: () => V,
  ) {}

  /** The value kept for these labels (created on first use, within MAX_SERIES). */
  get(labels: LabelValues = {}): V {
    let key = this.key(labels);
    let entry = this.values.get(key);
    if (!entry) {
      let kept = this.pick(labels);
      if (this.values.size >= MAX_SERIES - 1) {
        kept = Object.fromEntries(this.labelNames.map((n) => [n, "_other"]));
        key = this.key(kept);
        entry = this.values.get(key);
      }
      if (!entry) {
        entry = { labels: kept, value: this.initial() };
        this.values.set(key, entry);
      }
    }
    return entry.value;
  }

  entries() {
    return this.values.values();
  }

  private pick(labels: LabelValues): LabelValues {
    return Object.fromEntries(this.labelNames.map((n) => [n, labels[n] ?? ""]));
  }

  private key(labels: LabelValues): string {
    return this.labelNames.map((n) => labels[n] ?? "").join("\u0000");
  }
}

export class Counter {
  private readonly series: Series<{ n: number }>;
  constructor(readonly labelNames: readonly string[]) {
    this.series = new Series(labelNames, () => ({ n: 0 }));
  }
  inc(labels?: LabelValues, by = 1): void {
    this.series.get(labels).n += by;
  }
  /** Current value (for tests). */
  value(labels?: LabelValues): number {
    return this.series.get(labels).n;
  }
  samples(name: string): string[] {
    return [...this.series.entries()].map(({ labels, value }) => sample(name, labels, value.n));
  }
}

export class Gauge {
  private readonly series: Series<{ n: number }>;
  private collector: Collect | undefined;
  constructor(readonly labelNames: readonly string[]) {
    this.series = new Series(labelNames, () => ({ n: 0 }));
  }
  set(labels: LabelValues | undefined, value: number): void {
    this.series.get(labels).n = value;
  }
  /**
   * Reads the value(s) at each scrape instead: a number, or [labels, value] pairs. Returns the
   * function that stops it (only if this collector is still the current one).
   */
  collect(fn: Collect): () => void {
    this.collector = fn;
    return () => {
      if (this.collector === fn) this.collector = undefined;
    };
  }
  async samples(name: string): Promise<string[]> {
    if (this.collector) {
      const read = await this.collector();
      if (typeof read === "number") this.set(undefined, read);
      else for (const [labels, value] of read) this.set(labels, value);
    }
    return [...this.series.entries()].map(({ labels, value }) => sample(name, labels, value.n));
  }
}

export class Histogram {
  private readonly series: Series<{ buckets: number[]; sum: number; count: number }>;
  constructor(
    readonly labelNames: readonly string[],
    private readonly bounds: readonly number[] = LATENCY_BUCKETS,
  ) {
    this.series = new Series(labelNames, () => ({ buckets: bounds.map(() => 0), sum: 0, count: 0 }));
  }
  observe(labels: LabelValues | undefined, value: number): void {
    const s = this.series.get(labels);
    for (let i = 0; i < this.bounds.length; i++) if (value <= this.bounds[i]!) s.buckets[i]!++;
    s.sum += value;
    s.count++;
  }
  samples(name: string): string[] {
    const out: string[] = [];
    for (const { labels, value } of this.series.entries()) {
      this.bounds.forEach((le, i) => {
        out.push(sample(`${name}_bucket`, { ...labels, le: String(le) }, value.buckets[i]!));
      });
      out.push(sample(`${name}_bucket`, { ...labels, le: "+Inf" }, value.count));
      out.push(sample(`${name}_sum`, labels, value.sum));
      out.push(sample(`${name}_count`, labels, value.count));
    }
    return out;
  }
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

export class MetricsRegistry {
  private readonly families = new Map<string, Family & { metric: Counter | Gauge | Histogram }>();

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.register(name, help, "counter", () => new Counter(labelNames), Counter);
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return this.register(name, help, "gauge", () => new Gauge(labelNames), Gauge);
  }

  histogram(name: string, help: string, labelNames: readonly string[] = [], buckets?: readonly number[]): Histogram {
    return this.register(name, help, "histogram", () => new Histogram(labelNames, buckets), Histogram);
  }

  /** Every family in the Prometheus text format (version 0.0.4). */
  async render(): Promise<string> {
    const out: string[] = [];
    for (const family of this.families.values()) {
      out.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
      out.push(...(await family.lines()));
    }
    return `${out.join("\n")}\n`;
  }

  private register<M extends Counter | Gauge | Histogram>(
    name: string,
    help: string,
    type: Family["type"],
    make: () => M,
    kind: abstract new (...args: never[]) => M,
  ): M {
    const known = this.families.get(name);
    if (known) {
      if (!(known.metric instanceof kind)) throw new Error(`metric ${name} is already registered as a ${known.type}`);
      return known.metric as M;
    }
    if (!NAME.test(name)) throw new Error(`invalid metric name ${name}`);
    const metric = make();
    this.families.set(name, { name, help, type, metric, lines: async () => metric.samples(name) });
    return metric;
  }
}

/** The process's one registry (one server build holds one copy, as server/events.ts). */
export const metrics = new MetricsRegistry();

function sample(name: string, labels: LabelValues, value: number): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return `${name}${pairs.length ? `{${pairs.join(",")}}` : ""} ${formatNumber(value)}`;
}

const formatNumber = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN");
const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const escapeHelp = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
