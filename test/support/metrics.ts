// Reading GET /metrics in tests: the Prometheus text format (0.0.4) parsed into samples, and the value
// of one series.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  status: number;
  contentType: string | null;
  text: string;
  samples: Sample[];
  /** Every family's TYPE line: name → counter, gauge, histogram, … */
  types: Map<string, string>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;

/** Parses the text format strictly: a line that is neither a comment nor a sample throws. */
export function parseMetrics(text: string): Pick<Scrape, 'samples' | 'types'> {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP \S+ /.test(line)) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a metrics line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const l = LABEL.exec(body);
      if (!l) throw new Error(`bad labels: ${JSON.stringify(line)}`);
      labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3]);
    // Prometheus reads NaN in any case (Go's ParseFloat); prom-client writes "Nan".
    if (Number.isNaN(value) && !/^nan$/i.test(m[3]!)) throw new Error(`bad value: ${JSON.stringify(line)}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return { samples, types };
}

/** GET /metrics of the service at `baseUrl`, with the token when given. */
export async function scrape(baseUrl: string, token?: string): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  const contentType = res.headers.get('content-type');
  if (res.status !== 200) return { status: res.status, contentType, text, samples: [], types: new Map() };
  return { status: res.status, contentType, text, ...parseMetrics(text) };
}

/** The value of the one sample named so with exactly these labels (of those it has, the ones given must
 *  match and no other may be missing); undefined when there is none. */
export function valueOf(s: Pick<Scrape, 'samples'>, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = s.samples.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}: give more labels`);
  return found[0]?.value;
}
