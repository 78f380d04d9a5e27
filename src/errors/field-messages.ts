import { isFormatMessage, plainMessage } from './messages.js';
import type { FieldError } from './problem.js';

/** The most offending fields a 400 lists; `errorsNotListed` counts the rest. */
export const MAX_LISTED_ERRORS = 50;

/**
 * Messages by path, in the order paths first came, for at most MAX_LISTED_ERRORS
 * paths; later paths are only counted. At one path, joined in words, a format's
 * pattern twin dropped.
 */
export class Messages {
  private readonly byPath = new Map<string, string[]>();
  private readonly others = new Set<string>();

  get isFull(): boolean {
    return this.byPath.size >= MAX_LISTED_ERRORS;
  }

  /** Offending paths past the first MAX_LISTED_ERRORS. */
  get notListed(): number {
    return this.others.size;
  }

  add(path: string, message = 'is invalid'): void {
    const said = this.byPath.get(path);
    if (said) said.push(message);
    else if (this.isFull) this.others.add(path);
    else this.byPath.set(path, [message]);
  }

  entries(): FieldError[] {
    return [...this.byPath].map(([path, said]) => {
      const kept = said.some(isFormatMessage)
        ? said.filter((message) => !message.startsWith('must match pattern'))
        : said;
      return { path, message: [...new Set(kept.map(plainMessage))].join('; ') };
    });
  }
}
