// Renders the bundled contract with Redoc; a file of its own so the page's CSP needs no inline script.
/* global Redoc, document */
Redoc.init(
  '/docs/openapi.json',
  { expandResponses: '200,201', jsonSampleExpandLevel: 'all' },
  document.getElementById('reference'),
);
