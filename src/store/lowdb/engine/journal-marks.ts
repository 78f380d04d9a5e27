// The journal's marks, and the bounds of what a crash can leave in it.

/**
 * The mark: the line `[]`, a list of no changes, which every build replays as nothing. It ends each batch (the end
 * mark); a file this build makes begins with it (the open mark), and a file it moves on from ends with a second one
 * after its last end mark (the close mark), so a closed file that lost its last batches is told from a whole one.
 */
export const MARK = '[]';
export const MARK_LINE = Buffer.from(`${MARK}\n`);

/**
 * How far ahead of its entries the file appended to is filled with zeros. An append into
 * them changes neither the file's size nor its blocks, so its fdatasync writes the
 * data alone, not the file system's metadata: half the CPU and half the wait of an
 * append that grows the file (measured on ext4). The zeros are written from where the
 * synced entries end, never past an append not synced yet; a clean close cuts them off.
 */
export const ZERO_AHEAD_BYTES = 1024 * 1024;

/** What reaches the disk whole, or not at all, when a process dies: a page of the page cache. */
export const PAGE_BYTES = 4096;

/**
 * The longest run of zeros a crash leaves at the end of a file: those filled ahead of the synced entries (this build),
 * and a page more, for the builds that filled them ahead of an append's first line, in the same sync.
 */
export const MOST_ZEROS_AT_END = ZERO_AHEAD_BYTES + PAGE_BYTES;
