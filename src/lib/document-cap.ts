/** The most a stored document (settings, navigation, one identity namespace) may take as compact JSON. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

/** The document would pass MAX_DOCUMENT_BYTES; nothing of it was stored. The service answers 413 `document-too-large`. */
export class DocumentTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(
      `After this merge the document would take ${bytes} bytes; a document holds at most ${MAX_DOCUMENT_BYTES} bytes (256 KiB) as compact JSON. Nothing was stored.`,
    );
    this.name = 'DocumentTooLargeError';
  }
}

/** Throws DocumentTooLargeError when `document` would be larger than the cap. */
export function checkDocumentSize(document: unknown): void {
  const bytes = Buffer.byteLength(JSON.stringify(document));
  if (bytes > MAX_DOCUMENT_BYTES) throw new DocumentTooLargeError(bytes);
}

/** The most a device's free-form transportMetadata may take as compact JSON (openapi.yaml says so): a page lists it with each device. */
export const MAX_TRANSPORT_METADATA_BYTES = 16 * 1024;
