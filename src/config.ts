export interface Config {
  port: number;
  host: string;
  dataFile: string;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Check every response against openapi.yaml (on in tests; costs time). */
  validateResponses: boolean;
}

const SIZE = /^(\d+)\s*(b|kb|mb)?$/i;
const UNIT: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** Reads `PORT`, `HOST`, `DATA_FILE`, `BODY_LIMIT` and `VALIDATE_RESPONSES`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: parsePort(env.PORT ?? '3000'),
    host: env.HOST ?? '127.0.0.1',
    dataFile: env.DATA_FILE ?? 'data/db.json',
    bodyLimit: parseSize(env.BODY_LIMIT ?? '1mb'),
    validateResponses: env.VALIDATE_RESPONSES === 'true',
  };
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${text}"`);
  }
  return port;
}

/** Parses `1048576`, `512kb` or `1mb`. */
export function parseSize(text: string): number {
  const match = SIZE.exec(text.trim());
  if (!match || !match[1]) {
    throw new Error(`BODY_LIMIT must be a size such as 1048576, 512kb or 1mb, not "${text}"`);
  }
  return Number(match[1]) * (UNIT[(match[2] ?? 'b').toLowerCase()] ?? 1);
}
