import type { Express, Response } from 'express';

/** The body as JSON, made once for this response (res.locals.json): res.json(body) then sends this text as it is. */
export function jsonOf(res: Response, body: unknown): string {
  const made = res.locals.json;
  if (made !== undefined && made.body === body) return made.text;
  const text = JSON.stringify(body);
  res.locals.json = { body, text };
  return text;
}

/**
 * res.json sends the text jsonOf made for the same body (the ETag hashes it), else makes it as express does (the app
 * sets none of express's json settings); set once on the app's response prototype, so no request pays for a wrapper.
 */
export function sendJsonOnce(app: Express): Express {
  const json = app.response.json;
  app.response.json = function send(this: Response, body: unknown) {
    const made = this.locals.json;
    if (made === undefined || made.body !== body) return json.call(this, body);
    if (!this.get('Content-Type')) this.set('Content-Type', 'application/json');
    return this.send(made.text);
  };
  return app;
}
