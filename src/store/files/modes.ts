// Whatever the stores write (lowdb's files, backups, dumps) is its owner's only, whatever the umask:
// the mode is given at creation, and a umask can only narrow it.

/** A folder the stores make: no one else may list it or reach what it holds. */
export const FOLDER_MODE = 0o700;
/** A file the stores write. */
export const FILE_MODE = 0o600;
