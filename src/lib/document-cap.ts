import { HttpProblem } from '../http/problem.js';

/** The most a stored document (settings, navigation, one identity namespace) may take as compact JSON. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

/** Throws a 413 problem naming the limit when `document` would be larger than the cap. */
export function checkDocumentSize(document: unknown): void {
  const bytes = Buffer.byteLength(JSON.stringify(document));
  if (bytes > MAX_DOCUMENT_BYTES) {
    throw new HttpProblem('document-too-large', `After this merge the document would take ${bytes} bytes; a document holds at most ${MAX_DOCUMENT_BYTES} bytes (256 KiB) as compact JSON. Nothing was stored.`);
  }
}
