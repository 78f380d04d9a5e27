import { call } from './client.js';
import type { Service } from './service.js';

/** The value of each sample of a metric on `service`'s /metrics, by its labels as `{name="value"}` text ('' for none). */
export async function samples(service: Service, metric: string): Promise<Map<string, number>> {
  const text = String((await call(service, 'GET', '/metrics')).body);
  const lines = text.split('\n').filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `));
  return new Map(
    lines.map((line) => [
      line.slice(metric.length, line.lastIndexOf(' ')),
      Number(line.slice(line.lastIndexOf(' ') + 1)),
    ]),
  );
}

/** The value of a metric without labels; NaN when it is not there. */
export async function sample(service: Service, metric: string): Promise<number> {
  return (await samples(service, metric)).get('') ?? Number.NaN;
}
