// The sandbox's page (GET /sandbox/): the sessions, or one session (?session=<name>) with its requests,
// its state and its controls; kept up to date by GET /sandbox/events. Plain DOM, no build step.
/* global document, location, URLSearchParams, fetch, FormData, Blob, URL, EventSource, setTimeout */
import { el, json, requestItem, when } from './requests.js';

const $ = (id) => document.getElementById(id);
const session = new URLSearchParams(location.search).get('session');
const headers = session ? { 'X-Sandbox-Session': session } : {};
const say = (text) => ($('status').textContent = text);
const bytes = (n) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`;
const SEED = "the examples' seed";

async function read(path) {
  const response = await fetch(path, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${(await response.json()).detail ?? ''}`);
  return response.json();
}

async function showSessions() {
  const { items } = await read('/sandbox/sessions');
  $('no-sessions').hidden = items.length > 0;
  const row = (held) => {
    const link = el('a', { href: `?session=${encodeURIComponent(held.name)}`, textContent: held.name });
    const cells = [held.requests, bytes(held.bytes), held.scenario ?? SEED].map((text) =>
      el('td', { textContent: text }),
    );
    return el('tr', {}, el('th', { scope: 'row' }, link), ...cells, el('td', {}, when(held.lastUsed)));
  };
  $('session-rows').replaceChildren(...items.map(row));
}

const shown = new Map(); // each request's item, by its number, time and id: kept across updates, open or not
const stateOpen = new Map(); // each collection's disclosure, as the reader left it
let settled = false; // the form shows the session's settings once, then what the reader types
let refresh = async () => {}; // shows the session again (live's run)

async function showSession() {
  const [now, log, state] = await Promise.all(['session', 'requests', 'state'].map((what) => read(`/sandbox/${what}`)));
  const clock = now.clock ? `the clock fixed at ${now.clock}` : "the machine's clock";
  const seed = now.seed ? `; ids from the seed ${now.seed}` : '';
  if (!settled) {
    settled = true;
    const option = ({ name, description }) =>
      el('option', { value: name, textContent: description ? `${name}: ${description}` : name });
    $('start').append(...(await read('/sandbox/scenarios')).items.map(option));
    Object.assign($('start'), { value: now.scenario ?? '' });
    Object.assign($('failure-rate'), { value: now.failureRate });
    Object.assign($('clock'), { value: now.clock ?? '' });
    Object.assign($('seed'), { value: now.seed ?? '' });
  }
  // After the form: once the settings line shows, the controls hold them too.
  $('settings').textContent = now.started
    ? `Started from ${now.scenario ?? SEED}; failure rate ${now.failureRate}; ${clock}${seed}. Holds ${bytes(now.bytes)}.`
    : `Not held: its next request starts it from ${SEED}.`;
  // A drop is never silent: the one this session started again after, or the one its next request will be told of.
  const drop = now.startedAgain ?? now.dropped;
  $('dropped').hidden = !drop;
  if (drop)
    $('dropped').textContent =
      `${now.started ? 'Started again after it was dropped' : 'Dropped'} at ${drop.at}, with the ${drop.requests} request(s) it had logged: ${drop.why}.`;
  // Since its last reset: the log goes on across resets, a segment each (the export keeps them all).
  const items = log.items.filter((item) => (item.segment ?? 0) === (now.segment ?? 0));
  $('no-requests').hidden = items.length > 0;
  const itemOf = (item) => {
    const key = `${item.n} ${item.at} ${item.requestId}`;
    if (!shown.has(key)) shown.set(key, requestItem(item, read));
    return shown.get(key);
  };
  $('requests').replaceChildren(...items.map(itemOf));
  const collection = ([name, items]) => {
    const open = stateOpen.get(name) ?? (items.length > 0 && items.length <= 10);
    const details = el('details', { open }, el('summary', { textContent: `${name} (${items.length})` }), json(items));
    details.addEventListener('toggle', () => stateOpen.set(name, details.open));
    return details;
  };
  $('state').replaceChildren(...Object.entries(state).map(collection));
}

async function reset(event) {
  event.preventDefault();
  const form = new FormData($('reset'));
  const body = { failureRate: Number(form.get('failureRate') || 0) };
  for (const name of ['scenario', 'clock', 'seed']) if (form.get(name)) body[name] = form.get(name);
  const response = await fetch('/sandbox/reset', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.ok) {
    say(`Reset to ${body.scenario ?? SEED}.`);
    return refresh();
  }
  const { detail, errors } = await response.json();
  say(`Not reset: ${detail} ${(errors ?? []).map(({ path, message }) => `${path} ${message}`).join('; ')}`);
}

async function download() {
  const expectations = await read('/sandbox/requests?format=expectations');
  const blob = new Blob([JSON.stringify(expectations, null, 2)], { type: 'application/json' });
  const link = el('a', { href: URL.createObjectURL(blob), download: `expectations-${session}.json` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** Runs `show` now, on each (re)connection of the events, and after each change it `concerns`, one run at a time (changes meanwhile make one more); returns the run. */
function live(show, concerns) {
  let running = false;
  let again = false;
  const run = async () => {
    if (running) return void (again = true);
    running = true;
    await show().catch((error) => say(error.message));
    running = false;
    if (again) {
      again = false;
      run();
    }
  };
  const events = new EventSource('/sandbox/events');
  events.addEventListener('open', run); // what happened before it connected
  // Refused (too many pages open: SANDBOX_EVENT_STREAMS), an EventSource stops for good: say so.
  events.addEventListener('error', () => {
    if (events.readyState === EventSource.CLOSED)
      say('Live updates stopped (too many pages open?): reload to try again.');
  });
  events.addEventListener('message', (event) => concerns(JSON.parse(event.data).session) && run());
  run();
  return run;
}

const catching = (action) => (event) => action(event).catch((error) => say(error.message));
if (session === null) {
  $('sessions').hidden = false;
  live(showSessions, () => true);
} else if (!/^[A-Za-z0-9._:-]{1,64}$/.test(session)) {
  say('A session is named by 1 to 64 of A-Z a-z 0-9 . _ : -');
} else {
  document.title = `Sandbox: ${session}`;
  $('title').textContent = `Session ${session}`;
  $('all').hidden = false;
  $('session').hidden = false;
  $('reset').addEventListener('submit', catching(reset));
  $('export').addEventListener('click', catching(download));
  refresh = live(showSession, (name) => name === session);
}
