/** A shard's records, each as its JSON (recordText): a string costs its length, whatever the JSON's shape. */
export type Table = Map<string, string>;

export function emptyTable(): Table {
  return new Map();
}
