// How the sandbox's page shows one logged request: a line to open (time, method, path, status, duration),
// the problem of a refused one, and, opened, both sides in full and whether the answer fits openapi.yaml.
/* global document */

/** An element with properties and children (text is set as text, never parsed as HTML). */
export function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children.filter((child) => child !== undefined));
  return node;
}
/** The local time of day, to the millisecond (HH:MM:SS.mmm). */
export function when(iso) {
  const date = new Date(iso);
  const ms = String(date.getMilliseconds()).padStart(3, '0');
  return el('time', { dateTime: iso, textContent: `${date.toTimeString().slice(0, 8)}.${ms}` });
}
export const json = (value) => el('pre', { textContent: JSON.stringify(value, null, 2) });
const list = (items) => (items.length ? el('ul', {}, ...items.map((item) => el('li', {}, ...item))) : undefined);

/** A refused request's problem: its title, detail and the fields it names. */
function problemOf({ title, detail, errors }) {
  const fields = (errors ?? []).map(({ path, message }) => [el('code', { textContent: path }), ` ${message}`]);
  const heading = el('strong', { textContent: title ?? 'Refused' });
  return el('div', { className: 'problem' }, heading, detail ? ` ${detail}` : undefined, list(fields));
}

/** One side of an exchange: its headers and its body. */
function side(name, headers, body) {
  const rows = Object.entries(headers ?? {}).flatMap(([key, value]) => [
    el('dt', { textContent: key }),
    el('dd', { textContent: value }),
  ]);
  const shown = body === undefined ? el('p', { textContent: 'No JSON body.' }) : json(body);
  return el('section', {}, el('h3', { textContent: name }), el('dl', {}, ...rows), shown);
}

/** Whether the answer fits openapi.yaml (GET /sandbox/requests/{n}), into `place`. */
async function checkContract(n, read, place) {
  const { contract } = await read(`/sandbox/requests/${n}`);
  const verdict = !contract.checked
    ? `Not checked: ${contract.why}.`
    : contract.fits
      ? 'The answer fits openapi.yaml.'
      : 'The answer does not fit openapi.yaml:';
  place.replaceChildren(
    el('p', { textContent: verdict }),
    list((contract.violations ?? []).map((text) => [text])) ?? '',
  );
}

/** The request's item; the contract is asked for (with `read`) when it is first opened. */
export function requestItem(item, read) {
  const refused = item.status >= 400;
  const summary = el(
    'summary',
    {},
    when(item.at),
    el('span', { className: 'method', textContent: item.method }),
    el('span', { className: 'path', textContent: item.path }),
    el('span', { className: refused ? 'status refused' : 'status', textContent: item.status }),
    el('span', { className: 'ms', textContent: item.ms === undefined ? '' : `${item.ms} ms` }),
  );
  const answer = refused ? item.problem : item.response;
  const sides = el(
    'div',
    { className: 'sides' },
    side('Request', item.requestHeaders, item.body),
    side('Response', item.responseHeaders, answer),
  );
  const contract = el('div', { className: 'contract' }, el('p', { textContent: 'Checking against openapi.yaml…' }));
  const details = el('details', {}, summary, sides, contract);
  let asked = false;
  details.addEventListener('toggle', () => {
    if (!details.open || asked) return;
    asked = true;
    checkContract(item.n, read, contract).catch((error) =>
      contract.replaceChildren(el('p', { textContent: error.message })),
    );
  });
  const problem = refused && item.problem ? problemOf(item.problem) : undefined;
  return el('li', { className: refused ? 'refused' : '' }, details, problem);
}
