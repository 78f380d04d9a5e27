import type { Expectation, Segment, StartingState } from './expectations.js';

/**
 * A recording's line that starts a sandbox session's segment (make record asks the sandbox, GET /sandbox/session,
 * at the session's first request and after each reset it passes): the session's exchanges after it, each naming
 * it in `session`, are replayed from `state`. `state` is absent when the sandbox no longer knew it; `before` counts
 * the requests the segment had served before the recording saw it, whose effects on the state are not known.
 */
export interface SegmentLine {
  /** `dropped`: the sandbox dropped the session and started it again from `state` (X-Sandbox-Session-Dropped's value). */
  segment: { session: string; state?: StartingState; before?: number; dropped?: string };
}

/** The sandbox's own routes (a recording passes them on): no part of the service, never replayed. */
const isSandboxControl = ({ request }: Expectation) => request.path.startsWith('/sandbox/');

/**
 * `{ "segments": [{ "state"?, "expectations" }], "notes"? }` (the sandbox's export), `{ "expectations": [...] }` (one
 * segment, from an empty store) or a recording's lines (make record: exchanges, and segment lines, SegmentLine);
 * an Error names what is none. The segments to replay (none empty, no /sandbox/ request), and notes of what is left out.
 */
export function readDocument(text: string): { segments: Segment[]; notes: string[] } {
  const whole = (() => {
    try {
      return JSON.parse(text) as { expectations?: unknown; segments?: unknown; notes?: unknown };
    } catch {
      return undefined; // more than one line of JSON: a recording
    }
  })();
  const { segments, notes } = Array.isArray(whole?.segments)
    ? { segments: exported(whole.segments), notes: notesOf(whole) }
    : Array.isArray(whole?.expectations)
      ? { segments: [segment(whole, '')], notes: [] }
      : recorded(text);
  return {
    segments: segments
      .map((part) => ({ ...part, expectations: part.expectations.filter((step) => !isSandboxControl(step)) }))
      .filter((part) => part.expectations.length),
    notes,
  };
}

/** A recording's segments: a session's exchanges in the segment its last segment line started; others from an empty store. */
function recorded(text: string): { segments: Segment[]; notes: string[] } {
  type Part = Segment & { line: number; known?: boolean; before?: number; session?: string };
  const [parts, current] = [[] as Part[], new Map<string, Part>()];
  let plain: Part | undefined; // exchanges of no session: an older recording, or a target that is no sandbox
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    const item = JSON.parse(line) as Partial<SegmentLine> & { session?: unknown };
    const at = `line ${index + 1}`;
    if (item.segment !== undefined) {
      const { session, state, before } = item.segment;
      if (typeof session !== 'string' || !(before === undefined || (Number.isSafeInteger(before) && before >= 0)))
        throw new Error(`${at} is no segment: { "segment": { "session", "state"?, "before"? } }`);
      const part: Part = { expectations: [], line: index + 1, session, known: state !== undefined, before };
      if (state !== undefined) part.state = checkedState(state, `${at}/segment/state`);
      parts.push(part);
      current.set(session, part);
      continue;
    }
    const owner = typeof item.session === 'string' ? current.get(item.session) : undefined;
    if (!owner && !plain) parts.push((plain = { expectations: [], line: index + 1 }));
    (owner ?? (plain as Part)).expectations.push(checked(item, at));
  }
  const notes: string[] = [];
  const kept = parts.filter(({ session, known, before, line, expectations }) => {
    const why =
      session === undefined
        ? undefined
        : !known
          ? 'the sandbox no longer knew the state it started from (its scenario was defined again)'
          : before
            ? `the session had served ${count(before)} since its last reset before the recording began, so the state it relied on is not known (reset it through make record, POST /sandbox/reset, to record from a known state)`
            : undefined;
    const replayed = expectations.filter((step) => !isSandboxControl(step)).length;
    if (why && replayed)
      notes.push(
        `Session ${session}'s segment at line ${line} of the recording (${count(replayed)}) is left out: ${why}.`,
      );
    return !why;
  });
  return { segments: kept.map(({ state, expectations }) => ({ ...(state ? { state } : {}), expectations })), notes };
}

const count = (requests: number) => `${requests} request${requests === 1 ? '' : 's'}`;

function notesOf(whole: { notes?: unknown }): string[] {
  return Array.isArray(whole.notes) ? whole.notes.filter((note): note is string => typeof note === 'string') : [];
}

/** The sandbox's export's segments: a state written once, and named again by later segments (`{ "sameAs": <index> }`). */
function exported(items: unknown[]): Segment[] {
  const segments: Segment[] = [];
  for (const [index, item] of items.entries()) {
    const { state } = (item ?? {}) as { state?: { sameAs?: unknown } };
    const same = state?.sameAs;
    if (same === undefined) {
      segments.push(segment(item, `segments/${index}`));
      continue;
    }
    const named = typeof same === 'number' && same < index ? segments[same]?.state : undefined;
    if (!named) throw new Error(`segments/${index}/state/sameAs names no earlier segment with a state`);
    segments.push({ ...segment({ ...(item as object), state: undefined }, `segments/${index}`), state: named });
  }
  return segments;
}

function segment(item: unknown, at: string): Segment {
  const { state, expectations } = (item ?? {}) as { state?: unknown; expectations?: unknown };
  const where = (name: string) => (at ? `${at}/${name}` : name);
  if (!Array.isArray(expectations)) throw new Error(`${where('expectations')} is no list of expectations`);
  const steps = expectations.map((step, index) => checked(step, `${where('expectations')}/${index}`));
  return state === undefined
    ? { expectations: steps }
    : { state: checkedState(state, where('state')), expectations: steps };
}

function checkedState(item: unknown, where: string): StartingState {
  const state = (item ?? {}) as Partial<StartingState>;
  if ((state.from !== 'examples' && state.from !== 'scenario') || !Array.isArray(state.steps))
    throw new Error(`${where} is no state: { "from": "examples" or "scenario", "steps": [...] }`);
  return {
    ...state,
    steps: state.steps.map((step, index) => checked(step, `${where}/steps/${index}`)),
  } as StartingState;
}

function checked(item: unknown, where: string): Expectation {
  const { request, response } = (item ?? {}) as Partial<Expectation>;
  if (typeof request?.method !== 'string' || typeof request.path !== 'string' || typeof response?.status !== 'number') {
    throw new Error(
      `${where} is no expectation: { "request": { "method", "path", "body"? }, "response": { "status", "body"? } }`,
    );
  }
  return { request, response };
}
