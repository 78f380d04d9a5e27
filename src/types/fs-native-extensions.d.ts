// The part of fs-native-extensions (no types of its own) that src/store/lowdb/operations/lock.ts uses.
declare module 'fs-native-extensions' {
  /** An exclusive (or shared) OFD lock on the whole file; false when another holder has it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
