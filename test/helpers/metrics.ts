import { call } from './client.js';
import type { Service } from './service.js';

/** One sample of a metric: its labels (`name="value"`) and its value. */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** Every sample of `metric` in the Prometheus text of a /metrics answer. */
export function samplesIn(text: string, metric: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `))
    .map((line) => {
      const labels = Object.fromEntries(
        [...line.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]),
      );
      return { labels, value: Number(line.slice(line.lastIndexOf(' ') + 1)) };
    });
}

/** Every sample of `metric` on `service`'s /metrics. */
export async function samples(service: Service, metric: string): Promise<Sample[]> {
  return samplesIn(String((await call(service, 'GET', '/metrics')).body), metric);
}

/** The value of a metric without labels; NaN when it is not there. */
export async function sample(service: Service, metric: string): Promise<number> {
  return (await samples(service, metric)).find((found) => Object.keys(found.labels).length === 0)?.value ?? Number.NaN;
}
